import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The contact pin's words: the six boxes, verifying and sending a new code (decision 057). */
export const text = catalogue(
  'shared-pins',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
