import en from './messages/en.json' with { type: 'json' };
import { serverCatalogue } from '../../lib/messages.ts';

/** A school's statement PDF (issue 35, decision 066). */
export const text = serverCatalogue(
  'school-statements',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
