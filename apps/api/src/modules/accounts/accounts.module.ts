import fp from 'fastify-plugin';
import { accountsRoutes } from './accounts.routes.ts';
import { createAccountsService, type AccountsService } from './accounts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}

/** Customers, one-time pins and sessions (decision 004). */
export default fp(
  async (app) => {
    app.decorate(
      'accounts',
      createAccountsService({
        db: app.db,
        tokens: app.tokens,
        limiter: app.rateLimiter,
        outbox: app.outbox,
        signIns: app.signIns,
        pinSecret: app.authSecret,
        sessionHours: app.config.SESSION_HOURS,
        now: app.now,
        pinTemplate: app.config.WHATSAPP_TEMPLATE_NAME,
        log: app.log,
      }),
    );
    await app.register(accountsRoutes);
  },
  { name: 'accounts', dependencies: ['core', 'rate-limiter', 'outbox', 'sign-ins'] },
);
