import fp from 'fastify-plugin';
import { referenceRoutes } from './reference.routes.ts';
import { createReferenceService, type ReferenceService } from './reference.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The client's runtime configuration and the lists every form chooses from. */
    reference: ReferenceService;
  }
}

/** The lists every form chooses from (schools, countries, grades). */
export default fp(
  async (app) => {
    app.decorate(
      'reference',
      createReferenceService({ db: app.db, catalogue: app.catalogue, config: app.config }),
    );
    await app.register(referenceRoutes);
  },
  { name: 'reference', dependencies: ['core', 'catalogue'] },
);
