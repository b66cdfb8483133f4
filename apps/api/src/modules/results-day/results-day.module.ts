import fp from 'fastify-plugin';
import { createMediaLinks } from '../uploads/media-links.ts';
import { createContestantResultsService } from './contestant-results.service.ts';
import { devClockRoutes } from './dev-clock.routes.ts';
import { createGalaService } from './gala.service.ts';
import { createReleaseService } from './release.service.ts';
import { resultsDayRoutes } from './results-day.routes.ts';
import { createWinnersService } from './winners.service.ts';

interface ResultsDayServices {
  winners: ReturnType<typeof createWinnersService>;
  release: ReturnType<typeof createReleaseService>;
  gala: ReturnType<typeof createGalaService>;
  contestantResults: ReturnType<typeof createContestantResultsService>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Section winners, the release on the gala date, the gala page, a family's results. */
    resultsDay: ResultsDayServices;
  }
}

/** The job that releases every event whose scheduled release time has passed. */
export const RELEASE_SWEEP_JOB = 'results.release-sweep';

export interface ResultsDayOptions {
  /** Moves the clock app.now reads: given by server.ts only when NODE_ENV is 'test'. */
  setNow?: (ms: number) => void;
}

/**
 * Issue 20 (docs/decisions/026-results-day.md): section winners by the event's rule, confirmed
 * with certificates; the results released on the gala date by a sweep each minute (or by hand);
 * the public gala page; a family's results page per contestant; the test clock.
 */
export default fp<ResultsDayOptions>(
  async (app, { setNow }) => {
    const currentEventId = () => app.catalogue.currentEventId();
    const { certificates, results } = app.adjudication;
    const gala = createGalaService({
      db: app.db,
      mediaLinks: createMediaLinks(app.signedLinks, app.videoHost),
      currentEventId,
      now: app.now,
    });
    app.decorate<ResultsDayServices>('resultsDay', {
      winners: createWinnersService({
        db: app.db,
        storage: app.storage,
        certificates,
        publicUrl: app.config.PUBLIC_URL,
        now: app.now,
      }),
      release: createReleaseService({
        db: app.db,
        results,
        now: app.now,
        currentEventId,
        gala,
      }),
      gala,
      contestantResults: createContestantResultsService({
        db: app.db,
        certificates,
        currentEventId,
        now: app.now,
      }),
    });
    // pg-boss ticks each minute at the most: a release happens within a minute of its time.
    await app.jobs.every(
      RELEASE_SWEEP_JOB,
      '* * * * *',
      () => app.resultsDay.release.releaseDue(),
      'Results released on the gala date',
    );
    await app.register(resultsDayRoutes);
    // Fail closed: the clock moves only on a test server that was handed a way to move it.
    if (app.config.NODE_ENV === 'test' && setNow) await app.register(devClockRoutes, { setNow });
  },
  {
    name: 'results-day',
    dependencies: ['core', 'jobs', 'storage', 'video-host', 'catalogue', 'adjudication'],
  },
);
