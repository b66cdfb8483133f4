import path from 'node:path';
import { z } from 'zod';
import { apiRoot } from '../lib/paths.ts';
import { fileSettings } from './file-settings.ts';
import { messageSettings } from './message-settings.ts';
import { paymentSettings } from './payment-settings.ts';
import {
  consistencyProblems,
  enabledProviders,
  productionProblems,
  type Problem,
} from './production-checks.ts';
import { serverSettings } from './server-settings.ts';

/**
 * Every setting the server reads, with its default. Nothing else reads process.env. The
 * settings are kept by group beside this file (server, messages, files, payments).
 */
const EnvSchema = z.object({
  ...serverSettings,
  ...messageSettings,
  ...fileSettings,
  ...paymentSettings,
  /**
   * Staff (issue 9): the account signing in with this email is made an organiser at start (it is
   * created when there is none), so that a new site has someone to invite adjudicators.
   */
  ORGANISER_BOOTSTRAP_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
  /** The built web app; served with a history fallback when the folder exists. */
  WEB_DIST_DIR: z.string().default(path.resolve(apiRoot(), '../web/dist')),
});

export type ParsedEnv = z.infer<typeof EnvSchema>;

export type Config = Omit<
  ParsedEnv,
  'HOST' | 'PUBLIC_URL' | 'PAYMENT_PROVIDER' | 'SEED_ON_START'
> & {
  HOST: string;
  PUBLIC_URL: string;
  SEED_ON_START: boolean;
  /** The provider of new orders. */
  PAYMENT_PROVIDER: string;
  /** The providers that take payments, PAYMENT_PROVIDER first (PAYMENT_PROVIDERS after it). */
  paymentProviders: string[];
  isProduction: boolean;
  /** The local run's conveniences (the readable outbox, a secret under DATA_DIR) are on. */
  devTools: boolean;
  /** The sandbox pay page may mark orders paid: never in production unless allowed. */
  sandboxPayments: boolean;
};

export interface ParseOptions {
  /**
   * What the settings are for: 'serve' (the server: every production requirement applies) or
   * 'tool' (a command such as the seed or staff:add, which only opens the database).
   */
  purpose?: 'serve' | 'tool';
}

/**
 * Reads the settings. Fails closed: with nothing set the server is a production server, and it
 * refuses to start, naming every setting that is missing, rather than run with a convenience
 * that would expose pins or take unpaid orders.
 */
export function parseConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: ParseOptions = {},
): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    throw configError(
      result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  const c = result.data;
  const isProduction = c.NODE_ENV === 'production';
  const problems = [
    ...(isProduction && options.purpose !== 'tool' ? productionProblems(c) : []),
    ...consistencyProblems(c),
  ];
  if (problems.length > 0) throw configError(problems);
  const provider = c.PAYMENT_PROVIDER ?? 'sandbox';
  const sandboxPayments =
    enabledProviders(c).includes('sandbox') && (!isProduction || c.ALLOW_SANDBOX_PAYMENTS);
  return {
    ...c,
    HOST: c.HOST ?? (isProduction ? '0.0.0.0' : 'localhost'),
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    PAYMENT_PROVIDER: provider,
    // The sandbox only where it may mark orders paid (a tool's settings are not checked so).
    paymentProviders: enabledProviders(c).filter((p) => p !== 'sandbox' || sandboxPayments),
    SEED_ON_START: c.SEED_ON_START ?? !isProduction,
    isProduction,
    devTools: !isProduction,
    sandboxPayments,
  };
}

function configError(problems: Problem[]): Error {
  const lines = problems.map((p) => `${p.path}: ${p.message}`);
  return new Error(
    `Invalid configuration:\n  ${lines.join('\n  ')}\n` +
      'For a local run on embedded defaults use `npm start` (it sets NODE_ENV=development).',
  );
}
