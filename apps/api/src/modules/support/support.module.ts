import fp from 'fastify-plugin';
import { supportRoutes } from './support.routes.ts';
import { createSupportService, type SupportService } from './support.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The contact form's support tickets. */
    support: SupportService;
  }
}

/** The contact form's support tickets (spec 7). */
export default fp(
  async (app) => {
    app.decorate(
      'support',
      createSupportService({
        db: app.db,
        outbox: app.outbox,
        organiserEmail: app.config.ORGANISER_EMAIL,
      }),
    );
    await app.register(supportRoutes);
  },
  { name: 'support', dependencies: ['core', 'outbox', 'rate-limiter'] },
);
