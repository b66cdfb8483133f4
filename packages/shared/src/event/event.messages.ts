import { sharedCatalogue } from '../i18n/said.ts';
import en from './messages/en.json' with { type: 'json' };

/**
 * What the server answers a family when the event, or a category of its catalogue, it asks for
 * is not there: before an organiser has set one up (docs/operations/first-event.md), or an id
 * that is not the event's (decision 057).
 */
export const EVENT_TEXT = sharedCatalogue(
  'event',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
