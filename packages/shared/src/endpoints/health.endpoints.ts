import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';

const tags = ['Health'];
const ReadySchema = z.object({ status: z.enum(['ready', 'unavailable']), database: z.string() });

/** Liveness and readiness for the load balancer: outside /api, and not called by the web. */
export const healthApi = {
  live: defineEndpoint({
    method: 'GET',
    path: '/healthz',
    access: 'public',
    tags,
    summary: 'The process answers',
    responses: { 200: z.object({ status: z.literal('ok') }) },
    errors: [],
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/readyz',
    access: 'public',
    tags,
    summary: 'The process and its database answer',
    responses: { 200: ReadySchema },
    // Not an ApiError: the probe's own answer, saying what is unavailable.
    errors: [503],
    errorBodies: { 503: ReadySchema },
  }),
};
