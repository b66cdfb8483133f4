import fp from 'fastify-plugin';
import { createSignedLinks } from '../../lib/signed-links.ts';
import { createMediaLinks } from '../entries/index.ts';
import { CERTIFICATES_JOB, createCertificatesService } from './certificates.service.ts';
import { familyResultsRoutes } from './family-results.routes.ts';
import { resultsRoutes } from './results.routes.ts';
import { createResultsService } from './results.service.ts';
import { verifyRoutes } from './verify.routes.ts';
import { createClassResultsService } from './class-results.service.ts';
import { classResultsRoutes } from './class-results.routes.ts';
import { createContestantResultsService } from './contestant-results.service.ts';
import { devClockRoutes } from './dev-clock.routes.ts';
import { createGalaService } from './gala.service.ts';
import { createReleaseService } from './release.service.ts';
import { resultsDayRoutes } from './results-day.routes.ts';
import { createWinnersService } from './winners.service.ts';

interface ResultsDayServices {
  certificates: ReturnType<typeof createCertificatesService>;
  results: ReturnType<typeof createResultsService>;
  winners: ReturnType<typeof createWinnersService>;
  release: ReturnType<typeof createReleaseService>;
  gala: ReturnType<typeof createGalaService>;
  contestantResults: ReturnType<typeof createContestantResultsService>;
  classResults: ReturnType<typeof createClassResultsService>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Results and certificates, section winners, the release on the gala date, the gala page,
     * a family's results.
     */
    resultsDay: ResultsDayServices;
  }
}

/** The job that releases every event whose scheduled release time has passed. */
export const RELEASE_SWEEP_JOB = 'results.release-sweep';

/** Link lifetime for certificates, as for the uploads API's own links. */
const LINK_TTL_SECONDS = 3600;

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
    const publicUrl = app.config.PUBLIC_URL;
    const reads = { db: app.db, currentEventId, now: app.now };
    const certificates = createCertificatesService({
      db: app.db,
      storage: app.storage,
      links: createSignedLinks(app.authSecret, LINK_TTL_SECONDS, app.now),
      publicUrl,
      now: app.now,
      oneProcess: app.database.kind === 'pglite',
    });
    const results = createResultsService({
      db: app.db,
      outbox: app.outbox,
      certificates,
      jobs: app.jobs,
      publicUrl,
      currentEventId,
      now: app.now,
    });
    const gala = createGalaService({
      db: app.db,
      mediaLinks: createMediaLinks(app.signedLinks, app.videoHost),
      currentEventId,
      now: app.now,
    });
    app.decorate<ResultsDayServices>('resultsDay', {
      certificates,
      results,
      winners: createWinnersService({
        db: app.db,
        storage: app.storage,
        certificates,
        publicUrl,
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
      contestantResults: createContestantResultsService({ ...reads, certificates }),
      classResults: createClassResultsService({ ...reads, storage: app.storage }),
    });
    // CERTIFICATE_WORKERS (2) at a time per instance: a certificate is a small PDF, mostly
    // waiting on storage; fewer leave more of an 'all' instance to its families (decision 039).
    await app.jobs.define<{ orderItemId: number }>(
      CERTIFICATES_JOB,
      ({ orderItemId }) => certificates.generateOnPublication(orderItemId),
      { label: 'Certificates', workers: app.config.CERTIFICATE_WORKERS },
    );
    // Published entries still without certificates: their job was lost with a process.
    await app.jobs.every(
      'certificates.sweep',
      '*/5 * * * *',
      () => app.resultsDay.results.requeueMissingCertificates(),
      'Certificates whose job was lost',
    );
    // pg-boss ticks each minute at the most: a release happens within a minute of its time.
    await app.jobs.every(
      RELEASE_SWEEP_JOB,
      '* * * * *',
      () => app.resultsDay.release.releaseDue(),
      'Results released on the gala date',
    );
    // Staff (/api/Staff) results; a family's results and certificates; public verification.
    await app.register(resultsRoutes);
    await app.register(familyResultsRoutes);
    await app.register(classResultsRoutes);
    await app.register(verifyRoutes);
    await app.register(resultsDayRoutes);
    // Fail closed: the clock moves only on a test server that was handed a way to move it.
    if (app.config.NODE_ENV === 'test' && setNow) await app.register(devClockRoutes, { setNow });
  },
  {
    name: 'results-day',
    dependencies: ['core', 'jobs', 'storage', 'video-host', 'catalogue', 'outbox', 'adjudication'],
  },
);
