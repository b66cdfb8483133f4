import fp from 'fastify-plugin';
import { siteContentRoutes } from './site-content.routes.ts';
import { createSiteContentService } from './site-content.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public site as organisers edit it (issue 16). */
    siteContent: ReturnType<typeof createSiteContentService>;
  }
}

/**
 * Organisers' site content: the home page's words and FAQ, the gallery, the schools' logos and
 * the adjudicators' profiles, with the pictures uploaded for them (decision 017).
 */
export default fp(
  async (app) => {
    app.decorate(
      'siteContent',
      createSiteContentService({
        db: app.db,
        storage: app.storage,
        // The content is part of every instance's catalogue snapshot (and the FAQ document's key).
        invalidate: (eventId) => app.catalogue.invalidate(eventId),
      }),
    );
    await app.register(siteContentRoutes);
  },
  { name: 'site-content', dependencies: ['core', 'storage', 'rate-limiter', 'catalogue'] },
);
