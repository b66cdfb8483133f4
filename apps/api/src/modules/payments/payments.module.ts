import fp from 'fastify-plugin';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentProviders } from '../../providers/payment/providers.ts';
import { MAX_NOTIFICATION_ATTEMPTS, NOTIFICATION_JOB } from './notifications.ts';
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
      secret: app.authSecret,
      providers: createPaymentProviders({ config: app.config, secret: app.authSecret }),
      catalogue: app.catalogue,
      orders: app.orders,
      accounts: app.accounts,
      outbox: app.outbox,
      jobs: app.jobs,
      log: app.log,
      now: app.now,
    });
    app.decorate('payments', payments);
    // Each notification is a job, retried with back-off; the sweep catches one whose job was lost.
    await app.jobs.define<{ notificationId: number }>(
      NOTIFICATION_JOB,
      ({ notificationId }) => payments.processStored(notificationId),
      // Four at a time per instance: on deadline night many families pay in the same minute,
      // and each waits on the pay page for its own (bench/deadline-night), on 'web' instances
      // too (decision 039).
      {
        label: 'Payment notifications',
        retryLimit: MAX_NOTIFICATION_ATTEMPTS - 1,
        workers: 4,
        waitedOn: true,
      },
    );
    await app.jobs.every(
      'payments.notification-retry',
      '* * * * *',
      () => payments.retryUnprocessed(),
      'Payment notifications kept for a retry',
    );
    app.addHook('onClose', () => payments.queued());
    await app.register(paymentsRoutes);
  },
  {
    name: 'payments',
    dependencies: ['core', 'jobs', 'rate-limiter', 'catalogue', 'orders', 'accounts', 'outbox'],
  },
);
