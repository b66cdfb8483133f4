import fp from 'fastify-plugin';
import { familyDeskRoutes } from './family-desk.routes.ts';
import { createFamilyDeskService } from './family-desk.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Organisers find a family and correct its record (issue 17, decision 021). */
    familyDesk: ReturnType<typeof createFamilyDeskService>;
  }
}

/**
 * The family desk: search, a family's whole record, and four audited corrections. It reads
 * through the other modules' services (orders, contestants, payments, certificates) so each
 * rule stays in one place.
 */
export default fp(
  async (app) => {
    app.decorate(
      'familyDesk',
      createFamilyDeskService({
        db: app.db,
        catalogue: app.catalogue,
        orders: app.orders,
        contestants: app.contestants,
        pictures: app.pictures,
        certificates: app.resultsDay.certificates,
        outbox: app.outbox,
        confirmationMessages: (orderId) => app.payments.confirmationMessages(orderId),
        // The seam to the payment ledger (decision 020), read when asked: a build without the
        // module shows provider payments only, and says so (manualPaymentsShown).
        manualMovements: () =>
          app.hasDecorator('paymentLedger')
            ? (customerId) => app.paymentLedger.movementsForCustomer(customerId)
            : undefined,
        now: app.now,
      }),
    );
    await app.register(familyDeskRoutes);
  },
  {
    name: 'family-desk',
    dependencies: [
      'core',
      'catalogue',
      'orders',
      'contestants',
      'pictures',
      'payments',
      'results-day',
      'outbox',
    ],
  },
);
