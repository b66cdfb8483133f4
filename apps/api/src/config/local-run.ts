import type { Config } from './env.ts';

/**
 * The start-up warning of a local run (NODE_ENV=development or test): what its conveniences
 * expose, so nobody mistakes it for a server that families may reach.
 */
export function localRunWarning(config: Config): string {
  const bar = '!'.repeat(78);
  const lines = [
    `LOCAL RUN (NODE_ENV=${config.NODE_ENV}): development conveniences are ON.`,
    `- Every pin and message is readable by anyone at ${config.PUBLIC_URL}/dev/outbox.`,
    config.sandboxPayments
      ? '- Payments use the sandbox pay page: orders are marked paid and no money moves.'
      : `- Payments go to ${config.PAYMENT_PROVIDER}.`,
    config.AUTH_SECRET ? '' : `- Logins are signed with a secret kept in ${config.DATA_DIR}.`,
    'Never let families reach this server. Production: NODE_ENV=production (the default) with',
    'the settings the README marks as required.',
  ].filter(Boolean);
  return ['', bar, ...lines.map((l) => `!! ${l}`), bar, ''].join('\n');
}
