import { sharedCatalogue } from '../i18n/said.ts';
import en from './messages/en.json' with { type: 'json' };

/** Messages of spec 8 about any uploaded file (pictures and entry files), word for word (decision 057). */
export const FILE_TEXT = sharedCatalogue(
  'files',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
