import fp from 'fastify-plugin';
import { teachersRoutes } from './teachers.routes.ts';
import { createTeachersService } from './teachers.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Teachers' requests to act for a school, and organisers' decisions (decision 061). */
    teachers: ReturnType<typeof createTeachersService>;
  }
}

/** Schools and teachers: who acts for a school, on an organiser's word. */
export default fp(
  async (app) => {
    app.decorate('teachers', createTeachersService({ db: app.db, schools: app.schools }));
    await app.register(teachersRoutes);
  },
  { name: 'teachers', dependencies: ['core', 'schools'] },
);
