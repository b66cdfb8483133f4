import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  ClientConfigSchema,
  COUNTRIES,
  DEFAULT_COUNTRY,
  GENDERS,
  GRADES,
  INSTRUMENTS,
  ReferenceListsSchema,
  SECTIONS,
} from '@eisteddfod/shared';
import { asc } from 'drizzle-orm';
import { schools } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/** The client's runtime configuration and every reference list, from one place. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Reference'],
        summary: 'Runtime configuration of the web app',
        response: { 200: ClientConfigSchema, 404: ApiErrorSchema },
      },
    },
    async () => {
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
    },
  );

  app.get(
    '/api/reference',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Reference'],
        summary: 'Sections, grades, genders, instruments, countries and schools',
        response: { 200: ReferenceListsSchema },
      },
    },
    async (_req, reply) => {
      const rows = await app.db
        .select({ name: schools.name })
        .from(schools)
        .orderBy(asc(schools.sortOrder));
      // Reference lists change once a year at most; let browsers and proxies keep them a while.
      reply.header('cache-control', 'public, max-age=300');
      return {
        sections: [...SECTIONS],
        grades: GRADES.map((g) => ({ ...g })),
        genders: [...GENDERS],
        instruments: [...INSTRUMENTS],
        countries: COUNTRIES.map((c) => ({ ...c })),
        defaultCountry: DEFAULT_COUNTRY,
        schools: rows.map((r) => r.name),
      };
    },
  );
};
