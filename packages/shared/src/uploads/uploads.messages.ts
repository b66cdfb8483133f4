import { sharedCatalogue } from '../i18n/said.ts';
import en from './messages/en.json' with { type: 'json' };

/**
 * Messages of spec 2, 4, 5 and 8 for the uploads portal, word for word (decision 057); those about
 * any uploaded file (uploaded, too large, a duplicate name) are FILE_TEXT's.
 */
export const UPLOAD_TEXT = sharedCatalogue(
  'entry-uploads',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
