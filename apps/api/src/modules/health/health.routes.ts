import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';

/** Liveness (the process answers) and readiness (its database answers; the others reported). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, healthApi.live, async () => ({ status: 'ok' as const }), { logLevel: 'warn' });

  serve(
    app,
    healthApi.ready,
    async (_req, reply) => {
      const report = await app.health.ready();
      if (report.status !== 'unavailable') return report;
      return reply.code(503).send(report);
    },
    { logLevel: 'warn' },
  );
};
