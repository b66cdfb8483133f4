import { sharedCatalogue } from '../i18n/said.ts';
import en from './parent/messages/en.json' with { type: 'json' };

/**
 * A parent's invitation to a learner a teacher entered (issue 35, decision 063): the refusals
 * the server says and the teaching and family screens show (decision 057).
 */
export const PARENT_TEXT = sharedCatalogue(
  'parentLink',
  { en },
  (locale) => import(`./parent/messages/${locale}.json`),
);
