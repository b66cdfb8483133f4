import { catalogue } from '../../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** A teacher's class screen's words (decision 057). */
export const text = catalogue(
  'teachingClass',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
