import { sharedCatalogue } from '../i18n/said.ts';
import en from './class/messages/en.json' with { type: 'json' };

/**
 * A teacher's class (issue 35, decision 064): what the server says about a learner or a class
 * list and the web shows word for word, each through a translator (decision 057).
 */
export const CLASS_TEXT = sharedCatalogue(
  'schoolClass',
  { en },
  (locale) => import(`./class/messages/${locale}.json`),
);
