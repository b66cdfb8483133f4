import type { Config } from './env.ts';

/** Whether a bound address can be reached from this machine only. */
function isLoopback(host: string): boolean {
  return host === '::1' || host.startsWith('127.') || host === 'localhost';
}

/** 'http://127.0.0.1:3000', '[::1]:3000' in URL form. */
function urlOf({ address, port }: { address: string; port: number }): string {
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/**
 * The start-up warning of a local run (NODE_ENV=development or test): the addresses it actually
 * listens on and what its conveniences expose, so nobody mistakes it for a server that families
 * may reach. Listening beyond loopback is announced loudly (issue 30): the outbox still answers
 * only this machine, but everything else is open to the network.
 */
export function localRunWarning(
  config: Config,
  bound: readonly { address: string; port: number }[],
): string {
  const bar = '!'.repeat(78);
  const exposed = bound.filter((b) => !isLoopback(b.address));
  const lines = [
    `LOCAL RUN (NODE_ENV=${config.NODE_ENV}): development conveniences are ON.`,
    `- Listening on ${bound.map(urlOf).join(', ')}.`,
    exposed.length > 0
      ? `- HOST=${config.HOST} OPENS THIS SERVER TO THE NETWORK (${exposed.map(urlOf).join(', ')}): anyone who can reach it can register, pay in the sandbox and browse. Unset HOST to listen on this machine only.`
      : '- Only this machine can reach it (HOST unset: loopback).',
    `- Every pin and message is readable at ${config.PUBLIC_URL}/dev/outbox, from this machine only.`,
    config.sandboxPayments
      ? '- Payments use the sandbox pay page: orders are marked paid and no money moves.'
      : `- Payments go to ${config.PAYMENT_PROVIDER}.`,
    config.AUTH_SECRET ? '' : `- Logins are signed with a secret kept in ${config.DATA_DIR}.`,
    'Never let families reach this server. Production: NODE_ENV=production (the default) with',
    'the settings the README marks as required.',
  ].filter(Boolean);
  return ['', bar, ...lines.map((l) => `!! ${l}`), bar, ''].join('\n');
}
