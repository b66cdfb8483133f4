import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  EVENT_TEXT,
  GENDERS,
  GRADES,
  INSTRUMENTS,
  SECTIONS,
} from '@eisteddfod/shared';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import { listSchoolNames } from './reference.repository.ts';

type ClientSettings = Pick<
  Config,
  'isProduction' | 'VIDEO_MAX_MB' | 'DOCUMENT_MAX_MB' | 'UPLOAD_STALL_SECONDS'
>;

/** The client's runtime configuration and every reference list, from one place. */
export function createReferenceService(deps: {
  db: Database;
  catalogue: CatalogueService;
  config: ClientSettings;
}) {
  const { catalogue, config } = deps;
  return {
    async clientConfig() {
      const eventId = await catalogue.currentEventId();
      if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', EVENT_TEXT.say('noEventYet'));
      const event = await catalogue.getEvent(eventId);
      return {
        eventId,
        eventName: event.name,
        year: event.year,
        timeZone: event.timeZone,
        production: config.isProduction,
        videoMaxBytes: config.VIDEO_MAX_MB * 1024 * 1024,
        documentMaxBytes: config.DOCUMENT_MAX_MB * 1024 * 1024,
        uploadStallSeconds: config.UPLOAD_STALL_SECONDS,
      };
    },

    async lists() {
      return {
        sections: [...SECTIONS],
        grades: GRADES.map((g) => ({ ...g })),
        genders: [...GENDERS],
        instruments: [...INSTRUMENTS],
        countries: COUNTRIES.map((c) => ({ ...c })),
        defaultCountry: DEFAULT_COUNTRY,
        schools: await listSchoolNames(deps.db),
      };
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
