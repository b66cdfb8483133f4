import { sharedCatalogue } from '../i18n/said.ts';
import en from './messages/en.json' with { type: 'json' };

/**
 * Spec 5 and 8's words for a contestant that the server says too, word for word: the checks of
 * contestantProblem and the refusal to delete one with entered items. The server and the web each
 * say them through a translator (decision 057); the screens' own words are the web's.
 */
export const CONTESTANT_TEXT = sharedCatalogue(
  'contestant',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
