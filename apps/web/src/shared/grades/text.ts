import { GRADE_TEXT, GRADES, gradeRank, type Said } from '@eisteddfod/shared';
import { sharedText, wordsOf } from '../../lib/i18n/catalogue.ts';

/** The words of an item's grades (issue 32) that the server says too (decision 057). */
export const gradeText = sharedText(GRADE_TEXT);

/**
 * The words of a grade message: a grade problem (the shared rule's, or an order item's from the
 * server) or a range. Importing it loads the catalogue the message is in.
 */
export const gradeWords = (said: Said): string => wordsOf(said);

/**
 * A grade select's options in the reader's language: 'Grade 5 (10-11 years)' (spec 9, Lists),
 * with a grade's usual ages (Grade R is 5 to 6, each grade a year older).
 */
export const gradeOptions = (): { value: string; label: string }[] =>
  GRADES.map(({ value }) => {
    const youngest = gradeRank(value) + 5;
    return {
      value,
      label: gradeText('option', {
        grade: value,
        youngest: String(youngest),
        oldest: String(youngest + 1),
      }),
    };
  });
