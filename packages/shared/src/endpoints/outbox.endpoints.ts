import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';
import { text } from '../api/text.schema.ts';
import { OutboxMessageSchema } from '../accounts/accounts.schema.ts';

const tags = ['Development'];

/**
 * The outbox a local run can read, so someone running `npm start` can log in with no mail
 * server: as JSON, and as a page with its style sheet. None of it exists in production.
 */
export const devOutboxApi = {
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    access: 'public',
    tags,
    summary: 'Messages sent to an email address or mobile number, newest first',
    query: z.object({ to: text().trim().min(1).max(254) }),
    responses: { 200: z.array(OutboxMessageSchema) },
    errors: [400],
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/dev/outbox',
    access: 'public',
    tags,
    hidden: true,
    summary: 'The outbox as a page, newest first, for one recipient or all',
    query: z.object({ to: text().max(254).optional() }),
    responses: { 200: null },
    produces: ['text/html'],
    errors: [400],
  }),
  pageStyles: defineEndpoint({
    method: 'GET',
    path: '/dev/outbox.css',
    access: 'public',
    tags,
    hidden: true,
    summary: "The outbox page's style sheet",
    responses: { 200: null },
    produces: ['text/css'],
    errors: [],
  }),
};
