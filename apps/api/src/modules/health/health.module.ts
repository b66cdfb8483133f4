import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness for the load balancer. */
export default fp(async (app) => app.register(healthRoutes), {
  name: 'health',
  dependencies: ['core'],
});
