import fp from 'fastify-plugin';
import { catalogueRoutes } from './catalogue.routes.ts';
import { createCatalogueService, type CatalogueService } from './catalogue.service.ts';

const CHANGE_TOPIC = 'catalogue';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueService;
  }
}

/** The event's sections, categories and items, kept in memory (decision 002). */
export default fp(
  async (app) => {
    const catalogue = createCatalogueService(app.db, {
      ttlMs: app.config.CATALOGUE_CACHE_SECONDS * 1000,
      eventId: app.config.EVENT_ID,
      now: app.now,
      announceChange: (eventId) => app.changes.announce(CHANGE_TOPIC, eventId?.toString()),
    });
    // Another instance changed a catalogue: drop this instance's snapshot of it.
    app.changes.on(CHANGE_TOPIC, (detail) => catalogue.forget(detail ? Number(detail) : undefined));
    app.decorate('catalogue', catalogue);
    await app.register(catalogueRoutes);
  },
  { name: 'catalogue', dependencies: ['core', 'changes'] },
);
