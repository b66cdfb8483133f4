import { z } from 'zod';
import { booleanFlag } from './setting-fields.ts';

/** The server, its database and what its instances share (Redis); read by env.ts's schema. */
export const serverSettings = {
  /**
   * Production unless a local run says otherwise (docs/decisions/011-fail-closed-defaults.md):
   * 'development' and 'test' switch on the local conveniences (a secret kept under DATA_DIR, the
   * sandbox pay page, the outbox readable at /dev/outbox, links to localhost). `npm start` sets it.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /**
   * The interface to listen on. Production: every interface (behind a load balancer). A local
   * run: loopback ('localhost'), since it hands out pins; another address is the operator's
   * explicit choice, which the start-up banner announces (issue 30).
   */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For): a hop count ('1' for
   * one load balancer) or a comma-separated list of addresses/CIDRs. None by default, so that a
   * client cannot pick the address its rate limits count against.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v): boolean | string[] | ((address: string, hop: number) => boolean) => {
      if (v === '' || v === 'false') return false;
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        return (_address, hop) => hop < hops;
      }
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }),
  /**
   * Where the public site is reached; used in links sent by mail and to payment providers.
   * Required in production; on a local run http://localhost:PORT. Kept without a trailing slash.
   */
  PUBLIC_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  /**
   * The bearer token Prometheus sends to GET /metrics (decision 039), 32+ characters. Without
   * it the endpoint does not exist (404) in every environment: figures of a site's traffic and
   * queues are for its operator only.
   */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  /**
   * What this instance does (decision 039): 'all' serves families and works every job queue;
   * 'web' serves families and works only the queues a family waits on (pins and other
   * messages, payment notifications), leaving certificates, file processing and the sweeps to
   * 'jobs' instances, which work every queue and are kept out of the load balancer.
   */
  INSTANCE_ROLE: z.enum(['all', 'web', 'jobs']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Embedded PGlite files, uploads on disk and other local state live here. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** The event the portal serves; without it the most recent event in the database. */
  EVENT_ID: z.coerce.number().int().positive().optional(),
  /** Seconds a catalogue is served from memory before it is read again. */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * Load the demo catalogue into an empty database at start: on by default for a local run only,
   * so a production site never opens a fictional event to real families by accident.
   */
  SEED_ON_START: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1')),
  /** Seed the demo event with the spec's exact 2025 dates instead of dates shifted to today. */
  SEED_EXACT_DATES: booleanFlag,
  /**
   * Signs login tokens and pin grants (at least 32 characters). Required in production; locally
   * one is made and kept in DATA_DIR/auth-secret.
   */
  AUTH_SECRET: z.string().min(32).optional(),
  /** How long a login lasts. */
  SESSION_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(12),
  /**
   * Redis for what instances must share: rate limits and tus upload locks. Memory when absent,
   * which is right for one instance only (see SINGLE_INSTANCE).
   */
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /**
   * Put before every Redis key and channel (rate limits, upload locks), so that environments can
   * share a Redis: customer ids start at 1 in every database, and staging's counts would spend
   * production's limits.
   */
  REDIS_PREFIX: z.string().default(''),
  /**
   * The operator's word that a production server on PostgreSQL runs as one instance, so that it
   * may keep rate limits and upload locks in memory instead of Redis.
   */
  SINGLE_INSTANCE: booleanFlag,
};
