import { catalogue } from '../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The shared components' words (decision 057). */
export const text = catalogue(
  'components',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
