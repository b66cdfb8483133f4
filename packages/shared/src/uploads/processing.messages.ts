import { sharedCatalogue } from '../i18n/said.ts';
import en from './processing/messages/en.json' with { type: 'json' };

/** What the portal and the server say about processing, word for word (decision 057). */
export const PROCESSING_TEXT = sharedCatalogue(
  'processing',
  { en },
  (locale) => import(`./processing/messages/${locale}.json`),
);
