import { sharedCatalogue } from '../i18n/said.ts';
import en from './statement/messages/en.json' with { type: 'json' };

/**
 * A school's statement and its EFT (issue 35, decision 066): what the server says and the web
 * shows word for word (decision 057).
 */
export const STATEMENT_TEXT = sharedCatalogue(
  'statement',
  { en },
  (locale) => import(`./statement/messages/${locale}.json`),
);
