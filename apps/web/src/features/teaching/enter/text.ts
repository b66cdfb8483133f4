import { catalogue } from '../../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The teacher's grid and the class's entries (issue 35, decision 065). */
export const text = catalogue(
  'teachingEnter',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
