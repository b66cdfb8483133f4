import fp from 'fastify-plugin';
import { createMediaLinks } from '../entries/index.ts';
import { adjudicatorsRoutes } from './adjudicators.routes.ts';
import { createAdjudicatorsService } from './adjudicators.service.ts';
import { markingRoutes } from './marking.routes.ts';
import { createMarkingService } from './marking.service.ts';
import { overviewRoutes } from './overview.routes.ts';

interface AdjudicationServices {
  marking: ReturnType<typeof createMarkingService>;
  adjudicators: ReturnType<typeof createAdjudicatorsService>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Adjudicators, their assignments and conflicts, and blind marking (decision 008). */
    adjudication: AdjudicationServices;
  }
}

/**
 * Issue 9: adjudicators (invited and assigned by organisers, declaring conflicts of interest),
 * blind marking and the organisers' overview and export (docs/decisions/008-adjudication.md).
 * Results and certificates are results-day's; staff accounts are staff-members'.
 */
export default fp(
  async (app) => {
    const currentEventId = () => app.catalogue.currentEventId();
    app.decorate<AdjudicationServices>('adjudication', {
      marking: createMarkingService({
        db: app.db,
        currentEventId,
        mediaLinks: createMediaLinks(app.signedLinks, app.videoHost),
        now: app.now,
      }),
      adjudicators: createAdjudicatorsService({
        db: app.db,
        outbox: app.outbox,
        publicUrl: app.config.PUBLIC_URL,
        currentEventId,
      }),
    });
    // Staff (/api/Staff): adjudicators and conflicts, marking, the overview and export.
    await app.register(adjudicatorsRoutes);
    await app.register(markingRoutes);
    await app.register(overviewRoutes);
  },
  {
    name: 'adjudication',
    // 'uploads' first: the overview reports its jobs with everyone's (app.jobs.report()).
    dependencies: ['core', 'jobs', 'storage', 'video-host', 'catalogue', 'outbox', 'uploads'],
  },
);
