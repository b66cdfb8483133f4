import path from 'node:path';
import { z } from 'zod';
import { apiRoot } from '../lib/paths.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** Every setting the server reads, with its default. Nothing else reads process.env. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where the public site is reached; used in links sent by mail and to payment providers. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
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
  /** Load the demo catalogue into an empty database at start. */
  SEED_ON_START: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Seed the demo event with the spec's exact 2025 dates instead of dates shifted to today. */
  SEED_EXACT_DATES: booleanFlag,
  /** The built web app; served with a history fallback when the folder exists. */
  WEB_DIST_DIR: z.string().default(path.resolve(apiRoot(), '../web/dist')),
});

export type Config = z.infer<typeof EnvSchema> & { isProduction: boolean };

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return { ...result.data, isProduction: result.data.NODE_ENV === 'production' };
}
