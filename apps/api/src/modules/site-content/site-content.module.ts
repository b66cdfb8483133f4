import fp from 'fastify-plugin';
import { siteContentRoutes } from './site-content.routes.ts';
import { createSiteContentService } from './site-content.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public site's words as organisers edit them (issue 16). */
    siteContent: ReturnType<typeof createSiteContentService>;
  }
}

/** Organisers' site content: the home page's title and introduction, and the FAQ. */
export default fp(
  async (app) => {
    app.decorate(
      'siteContent',
      createSiteContentService({
        db: app.db,
        // The content is part of every instance's catalogue snapshot (and the FAQ document's key).
        invalidate: (eventId) => app.catalogue.invalidate(eventId),
      }),
    );
    await app.register(siteContentRoutes);
  },
  { name: 'site-content', dependencies: ['core', 'catalogue'] },
);
