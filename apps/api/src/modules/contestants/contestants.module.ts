import fp from 'fastify-plugin';
import { contestantsRoutes } from './contestants.routes.ts';
import { createContestantsService, type ContestantsService } from './contestants.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contestants: ContestantsService;
  }
}

/** A family's contestants (participant profiles, spec 7). */
export default fp(
  async (app) => {
    app.decorate('contestants', createContestantsService(app.db, app.pictures, app.now));
    await app.register(contestantsRoutes);
  },
  { name: 'contestants', dependencies: ['core', 'pictures'] },
);
