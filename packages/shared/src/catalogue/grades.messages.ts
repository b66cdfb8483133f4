import { sharedCatalogue } from '../i18n/said.ts';
import en from './grades/messages/en.json' with { type: 'json' };

/**
 * Why a contestant may not enter an item (issue 32): the same words in the cart, at checkout,
 * when changing an entry's item and from the server (decision 057). A range is `span` ('all',
 * 'one' or 'range') with its `lowest` and `highest` grade (gradeRangeValues).
 */
export const GRADE_TEXT = sharedCatalogue(
  'grades',
  { en },
  (locale) => import(`./grades/messages/${locale}.json`),
);
