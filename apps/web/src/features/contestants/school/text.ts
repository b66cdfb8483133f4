import { catalogue } from '../../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** A school-entered child as their parent sees them, and the invitation's page (decision 063). */
export const text = catalogue(
  'schoolChildren',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
