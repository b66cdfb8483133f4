import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { TUS_PATH } from '../../providers/video/video-host.ts';
import type { TusUploads } from './tus-server.ts';

/**
 * Hands tus requests to @tus/server untouched: Fastify must not read the body (a no-op parser for
 * tus's content type) nor answer for it (the reply is hijacked), so bytes stream straight to the
 * store (architecture guide, "Stack").
 */
const TUS_VERSION = '1.0.0';
const TUS_BODY_TYPE = 'application/offset+octet-stream';

export function tusRoutes(tus: TusUploads): FastifyPluginAsync {
  return async (app) => {
    // The Redis locker's connections (tus-server.ts) go with the app.
    app.addHook('onClose', () => tus.close());
    app.addContentTypeParser(TUS_BODY_TYPE, (_req, _payload, done) => done(null));
    // tus 1.0 names these answers; @tus/server folds both into its 400 for an invalid header (and
    // answers 403 to a PATCH with no Content-Type, which tus also answers 415, as Fastify would
    // without the Tus-Resumable every tus answer carries). Checked before Fastify reads a body, so
    // a refused PATCH stores nothing.
    app.addHook('onRequest', async (req, reply) => {
      if (req.method === 'OPTIONS') return;
      const version = req.headers['tus-resumable'];
      if (version !== undefined && version !== TUS_VERSION) {
        return reply
          .code(412)
          .header('tus-resumable', TUS_VERSION)
          .header('tus-version', TUS_VERSION)
          .type('text/plain')
          .send('This server speaks tus 1.0.0.\n');
      }
      const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (req.method === 'PATCH' && type !== TUS_BODY_TYPE) {
        return reply
          .code(415)
          .header('tus-resumable', TUS_VERSION)
          .type('text/plain')
          .send(`A PATCH body must be ${TUS_BODY_TYPE}.\n`);
      }
    });
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await tus.server.handle(req.raw, reply.raw);
    };
    const method = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'];
    // No login: every tus request carries the slot's signed permission, which tus-server checks.
    const options = {
      method,
      handler,
      // The tus 1.0 protocol defines these calls, not packages/shared (plugins/endpoints.ts).
      config: { access: 'signed' as const, protocol: 'tus 1.0.0' },
      schema: { hide: true },
    };
    app.route({ ...options, url: TUS_PATH });
    app.route({ ...options, url: `${TUS_PATH}/:id` });
  };
}
