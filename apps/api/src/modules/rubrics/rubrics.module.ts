import fp from 'fastify-plugin';
import { rubricsRoutes } from './rubrics.routes.ts';
import { createRubricsService } from './rubrics.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each section's marking rubric as organisers edit it (issue 16). */
    rubrics: ReturnType<typeof createRubricsService>;
  }
}

/** Organisers' rubric editor: criteria and maxima per section, fixed once marking begins. */
export default fp(
  async (app) => {
    app.decorate('rubrics', createRubricsService({ db: app.db }));
    await app.register(rubricsRoutes);
  },
  { name: 'rubrics', dependencies: ['core'] },
);
