import { sharedCatalogue } from '../i18n/said.ts';
import en from './messages/en.json' with { type: 'json' };

/**
 * The generic checks' words, apart from text() so that a page can say them without loading zod
 * (decision 029): `controlCharacters` is text()'s message, by its id; `fileName` is for the names
 * of uploaded files, which arrive outside any zod schema. Said through a translator on each side
 * (decision 057).
 */
export const VALIDATION_TEXT = sharedCatalogue(
  'validation',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
