import fp from 'fastify-plugin';
import { eventDocumentsRoutes } from './event-documents.routes.ts';
import {
  createEventDocumentsService,
  type EventDocumentsService,
} from './event-documents.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The prospectus, FAQ and bios, made from the event's data and kept per snapshot. */
    eventDocuments: EventDocumentsService;
  }
}

/** The prospectus, FAQ and adjudicators' bios as PDFs made from the event's data. */
export default fp(
  async (app) => {
    app.decorate('eventDocuments', createEventDocumentsService({ catalogue: app.catalogue }));
    await app.register(eventDocumentsRoutes);
  },
  { name: 'event-documents', dependencies: ['catalogue'] },
);
