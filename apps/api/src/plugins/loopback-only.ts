import type { FastifyInstance } from 'fastify';
import { routeNotFound } from './access.ts';

/**
 * Whether a connection comes from this machine. Read from the socket, never from
 * X-Forwarded-For: a proxy's header is the client's word, and these routes hand out pins.
 */
function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4.startsWith('127.') || address === '::1';
}

/**
 * Makes every route of `scope` exist for callers on this machine only (issue 30): a local run's
 * outbox shows every pin, and a laptop on school Wi-Fi must not give them to the room. Anyone
 * else gets the answer of an address with no route. Register the routes in a scope of their own.
 */
export function answerLoopbackOnly(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request) => {
    if (!isLoopbackAddress(request.socket.remoteAddress)) throw routeNotFound();
  });
}
