import fp from 'fastify-plugin';
import { documentsRoutes } from './documents.routes.ts';

/** The prospectus, FAQ and adjudicators' bios as PDFs made from the event's data. */
export default fp(async (app) => app.register(documentsRoutes), {
  name: 'documents',
  dependencies: ['catalogue'],
});
