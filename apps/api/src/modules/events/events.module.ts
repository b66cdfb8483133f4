import fp from 'fastify-plugin';
import { eventsRoutes } from './events.routes.ts';
import { createEventsService } from './events.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each year's event as organisers set it up (issue 16). */
    events: ReturnType<typeof createEventsService>;
  }
}

/** Organisers' event set-up: copy, dates, settings, which event is live. */
export default fp(
  async (app) => {
    app.decorate(
      'events',
      createEventsService({
        db: app.db,
        currentEventId: () => app.catalogue.currentEventId(),
        configuredEventId: app.config.EVENT_ID,
        now: app.now,
        // Which event is live and its dates and fees are in every instance's catalogue.
        invalidate: () => app.catalogue.invalidate(),
      }),
    );
    await app.register(eventsRoutes);
  },
  { name: 'events', dependencies: ['core', 'catalogue'] },
);
