import fp from 'fastify-plugin';
import { contentRoutes } from './content.routes.ts';

/** The public site's words and pictures (spec 1), from the event's catalogue snapshot. */
export default fp(async (app) => app.register(contentRoutes), {
  name: 'content',
  dependencies: ['catalogue'],
});
