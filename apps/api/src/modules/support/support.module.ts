import fp from 'fastify-plugin';
import { supportRoutes } from './support.routes.ts';

/** The contact form's support tickets (spec 7). */
export default fp(async (app) => app.register(supportRoutes), {
  name: 'support',
  dependencies: ['core', 'outbox', 'rate-limiter'],
});
