import fp from 'fastify-plugin';
import { paymentLedgerRoutes } from './payment-ledger.routes.ts';
import { createPaymentLedgerService, type PaymentLedgerService } from './payment-ledger.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Payments as organisers reconcile them (issue 17, decision 020). The family desk lists a
     * family's movements recorded by hand with `movementsForCustomer(customerId)`.
     */
    paymentLedger: PaymentLedgerService;
  }
}

/** Providers' payments and notifications, money recorded by hand, totals and the export. */
export default fp(
  async (app) => {
    app.decorate(
      'paymentLedger',
      createPaymentLedgerService({
        db: app.db,
        orders: app.orders,
        payments: app.payments,
        outbox: app.outbox,
        now: app.now,
      }),
    );
    await app.register(paymentLedgerRoutes);
  },
  { name: 'payment-ledger', dependencies: ['core', 'orders', 'payments', 'outbox'] },
);
