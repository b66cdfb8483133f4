import fp from 'fastify-plugin';
import { SCHOOLS_CHANGED } from '../../plugins/changes.ts';
import { teachersOfSchool } from '../teachers/index.ts';
import { schoolsRoutes } from './schools.routes.ts';
import { createSchoolsService } from './schools.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The schools contestant forms offer, kept by organisers (issue 16). */
    schools: ReturnType<typeof createSchoolsService>;
  }
}

/** Organisers' schools: add, rename, merge duplicates. */
export default fp(
  async (app) => {
    app.decorate(
      'schools',
      createSchoolsService({
        db: app.db,
        announce: () => app.changes.announce(SCHOOLS_CHANGED),
        teachersOf: teachersOfSchool,
      }),
    );
    await app.register(schoolsRoutes);
  },
  { name: 'schools', dependencies: ['core', 'changes'] },
);
