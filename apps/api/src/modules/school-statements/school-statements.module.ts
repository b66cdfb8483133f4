import fp from 'fastify-plugin';
import { schoolStatementsRoutes } from './school-statements.routes.ts';
import {
  createSchoolStatementsService,
  type SchoolStatementsService,
} from './school-statements.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A school's statement, its PDF and EFT, and the school's totals (decision 066). */
    schoolStatements: SchoolStatementsService;
  }
}

/** Issue 35: one statement for a teacher's order, paid by card or EFT; a school's totals. */
export default fp(
  async (app) => {
    app.decorate(
      'schoolStatements',
      createSchoolStatementsService({
        db: app.db,
        catalogue: app.catalogue,
        orders: app.orders,
        payments: app.payments,
        accounts: app.accounts,
        now: app.now,
      }),
    );
    await app.register(schoolStatementsRoutes);
  },
  {
    name: 'school-statements',
    dependencies: ['core', 'catalogue', 'orders', 'payments', 'accounts', 'teachers'],
  },
);
