import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env.ts';

/** Fastify's own options: logging without secrets, the spec's routing, proxies, body size. */
export function serverOptions(config: Config): FastifyServerOptions {
  return {
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization'],
            serializers: {
              // Signed links carry their permission in the query string: keep it out of logs.
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: req.url.split('?')[0],
                remoteAddress: req.ip,
              }),
            },
          },
    // Spec 7: paths vary in casing between screens; all of them reach the same handler.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  };
}
