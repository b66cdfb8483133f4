import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { TUS_PATH, type TusUploads } from './tus-server.ts';

/**
 * Hands tus requests to @tus/server untouched: Fastify must not read the body (a no-op parser for
 * tus's content type) nor answer for it (the reply is hijacked), so bytes stream straight to the
 * store (architecture guide, "Stack").
 */
export function tusRoutes(tus: TusUploads): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) =>
      done(null),
    );
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await tus.server.handle(req.raw, reply.raw);
    };
    const method = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'];
    // No login: every tus request carries the slot's signed permission, which tus-server checks.
    const options = {
      method,
      handler,
      config: { access: 'signed' as const },
      schema: { hide: true },
    };
    app.route({ ...options, url: TUS_PATH });
    app.route({ ...options, url: `${TUS_PATH}/:id` });
  };
}
