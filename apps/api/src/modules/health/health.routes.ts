import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const HealthSchema = z.object({ status: z.literal('ok') });
const ReadySchema = z.object({ status: z.enum(['ready', 'unavailable']), database: z.string() });

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { tags: ['Health'], response: { 200: HealthSchema } },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: { tags: ['Health'], response: { 200: ReadySchema, 503: ReadySchema } },
      logLevel: 'warn',
    },
    async (_req, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready' as const, database: app.database.kind };
      } catch {
        return reply.code(503).send({ status: 'unavailable', database: app.database.kind });
      }
    },
  );
};
