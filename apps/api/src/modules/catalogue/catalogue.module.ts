import fp from 'fastify-plugin';
import { catalogueRoutes } from './catalogue.routes.ts';
import { createCatalogueService, type CatalogueService } from './catalogue.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueService;
  }
}

/** The event's sections, categories and items, kept in memory (decision 002). */
export default fp(
  async (app) => {
    app.decorate(
      'catalogue',
      createCatalogueService(app.db, {
        ttlMs: app.config.CATALOGUE_CACHE_SECONDS * 1000,
        eventId: app.config.EVENT_ID,
        now: app.now,
      }),
    );
    await app.register(catalogueRoutes);
  },
  { name: 'catalogue', dependencies: ['core'] },
);
