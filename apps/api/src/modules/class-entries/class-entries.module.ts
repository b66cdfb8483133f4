import fp from 'fastify-plugin';
import { classEntriesRoutes } from './class-entries.routes.ts';
import { createClassEntriesService, type ClassEntriesService } from './class-entries.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A teacher's class in the live event: the grid, entering it, its entries by state. */
    classEntries: ClassEntriesService;
  }
}

/** Issue 35, part E (decision 065): a teacher enters the class in one go and follows it. */
export default fp(
  async (app) => {
    app.decorate(
      'classEntries',
      createClassEntriesService({
        db: app.db,
        catalogue: app.catalogue,
        orders: app.orders,
        now: app.now,
      }),
    );
    await app.register(classEntriesRoutes);
  },
  { name: 'class-entries', dependencies: ['core', 'catalogue', 'orders', 'uploads'] },
);
