import type { FastifyInstance } from 'fastify';
import { clientNetworkOf } from '../lib/client-network.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whom rate limits and sign-in events count a request against: the client's IPv4 address,
     * or its IPv6 /64 (lib/client-network.ts). Use it, not `ip`, for every per-address limit.
     */
    readonly clientNetwork: string;
  }
}

export function registerClientNetwork(app: FastifyInstance): void {
  app.decorateRequest('clientNetwork', {
    getter(this: { ip: string }) {
      return clientNetworkOf(this.ip);
    },
  });
}
