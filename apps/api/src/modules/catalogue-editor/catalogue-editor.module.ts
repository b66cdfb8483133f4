import fp from 'fastify-plugin';
import { catalogueEditorRoutes } from './catalogue-editor.routes.ts';
import { createCatalogueEditorService } from './catalogue-editor.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each event's catalogue as organisers edit it (issue 16). */
    catalogueEditor: ReturnType<typeof createCatalogueEditorService>;
  }
}

/** Organisers' catalogue editor: categories, items, spreadsheet import and export. */
export default fp(
  async (app) => {
    app.decorate(
      'catalogueEditor',
      createCatalogueEditorService({
        db: app.db,
        invalidate: (eventId) => app.catalogue.invalidate(eventId),
      }),
    );
    await app.register(catalogueEditorRoutes);
  },
  { name: 'catalogue-editor', dependencies: ['core', 'catalogue'] },
);
