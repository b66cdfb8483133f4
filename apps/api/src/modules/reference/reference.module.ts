import fp from 'fastify-plugin';
import { referenceRoutes } from './reference.routes.ts';

/** The lists every form chooses from (schools, countries, grades). */
export default fp(async (app) => app.register(referenceRoutes), {
  name: 'reference',
  dependencies: ['core', 'catalogue'],
});
