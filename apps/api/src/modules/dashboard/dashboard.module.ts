import fp from 'fastify-plugin';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The organiser's figures of an event over time (issue 17, decision 023). */
    dashboard: ReturnType<typeof createDashboardService>;
  }
}

/** The organiser's dashboard: read-only figures, so nothing is audited or queued. */
export default fp(
  async (app) => {
    app.decorate('dashboard', createDashboardService({ db: app.db }));
    await app.register(dashboardRoutes);
  },
  { name: 'dashboard', dependencies: ['core'] },
);
