import fp from 'fastify-plugin';
import { SCHOOLS_CHANGED } from '../../plugins/changes.ts';
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
    const contestants = createContestantsService(app.db, app.pictures, app.now);
    // An organiser changed the schools (maybe on another instance): the check reads them again.
    app.changes.on(SCHOOLS_CHANGED, () => contestants.forgetSchools());
    app.decorate('contestants', contestants);
    await app.register(contestantsRoutes);
  },
  { name: 'contestants', dependencies: ['core', 'changes', 'pictures'] },
);
