import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The contestants' shared pieces' words: the entry wizard's steps (decision 057). */
export const text = catalogue(
  'shared-contestants',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
