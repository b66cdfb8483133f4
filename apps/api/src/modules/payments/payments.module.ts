import fp from 'fastify-plugin';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

/** Checkout, the payment providers and their notifications (decision 006). */
export default fp(
  async (app) => {
    const payments = createPaymentsService({
      db: app.db,
      config: app.config,
      secret: app.authSecret,
      catalogue: app.catalogue,
      orders: app.orders,
      accounts: app.accounts,
      outbox: app.outbox,
      log: app.log,
      now: app.now,
    });
    app.decorate('payments', payments);
    // Notifications kept but not processed (a crash, a database blip) are processed again.
    await app.jobs.every(
      'payments.notification-retry',
      '* * * * *',
      () => payments.retryUnprocessed(),
      'Payment notifications kept for a retry',
    );
    app.addHook('onClose', () => payments.settle());
    await app.register(paymentsRoutes);
  },
  {
    name: 'payments',
    dependencies: ['core', 'jobs', 'rate-limiter', 'catalogue', 'orders', 'accounts', 'outbox'],
  },
);
