import fp from 'fastify-plugin';
import { createSignedLinks } from '../../lib/signed-links.ts';
import { createMediaLinks } from '../uploads/media-links.ts';
import { createAdjudicatorsService } from './adjudicators.service.ts';
import { CERTIFICATES_JOB, createCertificatesService } from './certificates.service.ts';
import { familyResultsRoutes } from './family-results.routes.ts';
import { markingRoutes } from './marking.routes.ts';
import { createMarkingService } from './marking.service.ts';
import { overviewRoutes } from './overview.routes.ts';
import { resultsRoutes } from './results.routes.ts';
import { createResultsService } from './results.service.ts';
import { staffAccountsRoutes } from './staff-accounts.routes.ts';
import { verifyRoutes } from './verify.routes.ts';

interface AdjudicationServices {
  certificates: ReturnType<typeof createCertificatesService>;
  marking: ReturnType<typeof createMarkingService>;
  adjudicators: ReturnType<typeof createAdjudicatorsService>;
  results: ReturnType<typeof createResultsService>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff, blind marking, results and certificates (decision 008). */
    adjudication: AdjudicationServices;
  }
}

/** Link lifetime for entry files and certificates, as for the uploads API's own links. */
const LINK_TTL_SECONDS = 3600;

/**
 * Issue 9: staff (organisers and adjudicators), blind marking, results, certificates and their
 * public verification (docs/decisions/008-adjudication.md).
 */
export default fp(
  async (app) => {
    const links = createSignedLinks(app.authSecret, LINK_TTL_SECONDS, app.now);
    const currentEventId = () => app.catalogue.currentEventId();
    const publicUrl = app.config.PUBLIC_URL;
    const certificates = createCertificatesService({
      db: app.db,
      storage: app.storage,
      links,
      publicUrl,
      now: app.now,
      oneProcess: app.database.kind === 'pglite',
    });
    app.decorate<AdjudicationServices>('adjudication', {
      certificates,
      marking: createMarkingService({
        db: app.db,
        currentEventId,
        mediaLinks: createMediaLinks(app.signedLinks, app.videoHost),
        now: app.now,
      }),
      adjudicators: createAdjudicatorsService({
        db: app.db,
        outbox: app.outbox,
        publicUrl,
        currentEventId,
      }),
      results: createResultsService({
        db: app.db,
        outbox: app.outbox,
        certificates,
        jobs: app.jobs,
        publicUrl,
        currentEventId,
        now: app.now,
      }),
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
      () => app.adjudication.results.requeueMissingCertificates(),
      'Certificates whose job was lost',
    );
    // Staff (/api/Staff): accounts and conflicts, marking, results, the overview and export.
    await app.register(staffAccountsRoutes);
    await app.register(markingRoutes);
    await app.register(resultsRoutes);
    await app.register(overviewRoutes);
    await app.register(familyResultsRoutes);
    await app.register(verifyRoutes);
  },
  {
    name: 'adjudication',
    dependencies: ['core', 'jobs', 'storage', 'video-host', 'catalogue', 'outbox', 'uploads'],
  },
);
