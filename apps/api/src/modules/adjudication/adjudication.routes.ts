import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSignedLinks } from '../../lib/signed-links.ts';
import { createMediaLinks } from '../uploads/media-links.ts';
import { createAdjudicatorsService } from './adjudicators.service.ts';
import { createCertificatesService } from './certificates.service.ts';
import { createMarkingService } from './marking.service.ts';
import { createResultsService } from './results.service.ts';
import { familyResultsRoutes } from './family-results.routes.ts';
import { staffRoutes } from './staff.routes.ts';
import { verifyRoutes } from './verify.routes.ts';

export interface AdjudicationOptions {
  /** Signs the links to entry files and certificates (lib/signed-links.ts). */
  authSecret: string;
  now: () => number;
}

/** Link lifetime for entry files and certificates, as for the uploads API's own links. */
const LINK_TTL_SECONDS = 3600;

/**
 * Issue 9: staff (organisers and adjudicators), blind marking, results, certificates and their
 * public verification (docs/decisions/008-adjudication.md).
 */
export const adjudicationRoutes: FastifyPluginAsyncZod<AdjudicationOptions> = async (
  app,
  options,
) => {
  const links = createSignedLinks(options.authSecret, LINK_TTL_SECONDS, options.now);
  const currentEventId = () => app.catalogue.currentEventId();
  const publicUrl = app.config.PUBLIC_URL;
  const certificates = createCertificatesService({
    db: app.db,
    storage: app.storage,
    links,
    publicUrl,
    now: options.now,
  });
  const services = {
    certificates,
    marking: createMarkingService({
      db: app.db,
      currentEventId,
      mediaLinks: createMediaLinks(app.signedLinks, app.videoHost),
      now: options.now,
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
      publicUrl,
      currentEventId,
      log: app.log,
      now: options.now,
    }),
  };
  await app.register(staffRoutes, services);
  await app.register(familyResultsRoutes, services);
  await app.register(verifyRoutes, services);
};

export type AdjudicationServices = {
  certificates: ReturnType<typeof createCertificatesService>;
  marking: ReturnType<typeof createMarkingService>;
  adjudicators: ReturnType<typeof createAdjudicatorsService>;
  results: ReturnType<typeof createResultsService>;
};
