import { sharedCatalogue } from '../i18n/said.ts';
import en from './messages/en.json' with { type: 'json' };

/** Messages of the Results modal (spec 4 and 8), word for word (decision 057). */
export const RESULT_TEXT = sharedCatalogue(
  'entry-results',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
