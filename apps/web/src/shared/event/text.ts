import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The event's shared words: its key dates (decision 057). */
export const text = catalogue(
  'shared-event',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
