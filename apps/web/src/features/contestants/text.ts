import { CONTESTANT_TEXT } from '@eisteddfod/shared';
import { catalogue, sharedText } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The contestant screens' words: the list, adding and editing a contestant (decision 057). */
export const text = catalogue(
  'contestants',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);

/** The words the contestant screens share with the server: contestantProblem's and a refused delete. */
export const contestantText = sharedText(CONTESTANT_TEXT);
