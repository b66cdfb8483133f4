import { GRADE_TEXT, type Said } from '@eisteddfod/shared';
import { sharedText, wordsOf } from '../../lib/i18n/catalogue.ts';

/** The words of an item's grades (issue 32) that the server says too (decision 057). */
export const gradeText = sharedText(GRADE_TEXT);

/**
 * The words of a grade message: a grade problem (the shared rule's, or an order item's from the
 * server) or a range. Importing it loads the catalogue the message is in.
 */
export const gradeWords = (said: Said): string => wordsOf(said);
