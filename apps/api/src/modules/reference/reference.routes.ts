import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  GENDERS,
  GRADES,
  INSTRUMENTS,
  publicSiteApi,
  SECTIONS,
} from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { serve } from '../../plugins/endpoints.ts';
import { listSchoolNames } from './reference.repository.ts';

/** The client's runtime configuration and every reference list, from one place. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, publicSiteApi.clientConfig, async () => {
    const eventId = await app.catalogue.currentEventId();
    if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', 'No event has been set up yet');
    const event = await app.catalogue.getEvent(eventId);
    return {
      eventId,
      eventName: event.name,
      year: event.year,
      timeZone: event.timeZone,
      production: app.config.isProduction,
      videoMaxBytes: app.config.VIDEO_MAX_MB * 1024 * 1024,
      documentMaxBytes: app.config.DOCUMENT_MAX_MB * 1024 * 1024,
      uploadStallSeconds: app.config.UPLOAD_STALL_SECONDS,
    };
  });

  serve(app, publicSiteApi.referenceLists, async (_req, reply) => {
    const schoolNames = await listSchoolNames(app.db);
    // Organisers rename and merge schools at any time (issue 16): a browser or a proxy asks
    // again on every page load rather than keep a list the server has renamed (the answer is a
    // few kilobytes, read from one small table).
    reply.header('cache-control', 'no-cache');
    return {
      sections: [...SECTIONS],
      grades: GRADES.map((g) => ({ ...g })),
      genders: [...GENDERS],
      instruments: [...INSTRUMENTS],
      countries: COUNTRIES.map((c) => ({ ...c })),
      defaultCountry: DEFAULT_COUNTRY,
      schools: schoolNames,
    };
  });
};
