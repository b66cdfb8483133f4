import fp from 'fastify-plugin';
import { eventDocumentsRoutes } from './event-documents.routes.ts';

/** The prospectus, FAQ and adjudicators' bios as PDFs made from the event's data. */
export default fp(async (app) => app.register(eventDocumentsRoutes), {
  name: 'event-documents',
  dependencies: ['catalogue'],
});
