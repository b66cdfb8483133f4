import { sharedCatalogue } from '../i18n/said.ts';
import en from './messages/en.json' with { type: 'json' };

/**
 * The contact page's messages, apart from the schema that uses them: the page shows them without
 * loading zod (decision 029). The schema's messages are their ids; the server and the web each
 * say them through a translator (decision 057).
 */
export const SUPPORT_TEXT = sharedCatalogue(
  'support',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
