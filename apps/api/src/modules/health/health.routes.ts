import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, healthApi.live, async () => ({ status: 'ok' as const }), { logLevel: 'warn' });

  serve(
    app,
    healthApi.ready,
    async (_req, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready' as const, database: app.database.kind };
      } catch {
        return reply.code(503).send({ status: 'unavailable', database: app.database.kind });
      }
    },
    { logLevel: 'warn' },
  );
};
