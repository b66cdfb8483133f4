import fp from 'fastify-plugin';
import { createClassListService } from './school-classes.class-list.ts';
import { schoolClassesRoutes } from './school-classes.routes.ts';
import { createSchoolClassesService } from './school-classes.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A teacher's class: its learners and its list (issue 35, decision 064). */
    schoolClasses: {
      learners: ReturnType<typeof createSchoolClassesService>;
      list: ReturnType<typeof createClassListService>;
    };
  }
}

/** Teachers' classes: learners added one by one or from a class list, duplicates found. */
export default fp(
  async (app) => {
    app.decorate('schoolClasses', {
      learners: createSchoolClassesService(app.db),
      list: createClassListService(app.db),
    });
    await app.register(schoolClassesRoutes);
  },
  { name: 'school-classes', dependencies: ['core'] },
);
