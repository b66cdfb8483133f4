import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';

const tags = ['Health'];
/** One dependency the instance needs, as the readiness probe found it. */
const DependencyCheckSchema = z.object({
  name: z.enum(['database', 'redis', 'storage', 'ffmpeg', 'mail', 'whatsapp']),
  /** Which one: `postgres` or `pglite`, `redis`, `disk` or `s3`, `ffmpeg`, `smtp`, `cloud-api`. */
  kind: z.string(),
  /** `down` when it failed or did not answer within the probe's timeout. */
  state: z.enum(['ok', 'down']),
  latencyMs: z.number().int().nonnegative(),
  /**
   * While it is down, what families and organisers get without it (decision 038): "uploads
   * answer 503 and are retried; rate limits count per instance" for Redis, say.
   */
  impact: z.string().optional(),
});
const ReadySchema = z.object({
  /**
   * `unavailable` (503) when the database is down: the instance can serve nothing. `degraded`
   * (200) when a shared part other than the database is down: uploads or pins may fail, but a
   * load balancer that drained every instance for it would take the whole site down with them.
   */
  status: z.enum(['ready', 'degraded', 'unavailable']),
  /** The database's kind, as `checks` names it too. */
  database: z.string(),
  /**
   * Every configured dependency: the database, Redis when REDIS_URL is set, the file storage,
   * ffmpeg when this instance processes recordings (our own video host), and the message
   * transports configured (SMTP, the WhatsApp Cloud API).
   */
  checks: z.array(DependencyCheckSchema),
});

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
    // Each configured dependency with its state and latency; 503 when the database is down or
    // does not answer within the probe's timeout (apps/api/src/modules/health).
    summary: 'The process and each of its dependencies answer',
    responses: { 200: ReadySchema },
    // Not an ApiError: the probe's own answer, saying what is unavailable.
    errors: [503],
    errorBodies: { 503: ReadySchema },
  }),
};
