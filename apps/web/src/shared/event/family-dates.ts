import { describeDate, FAMILY_DATE_TEXT, type FamilyDate } from '@eisteddfod/shared';
import { sharedText, wordsOf } from '../../lib/i18n/catalogue.ts';

// The dates' words the server says too (decision 057): loaded with the screens that show one.
sharedText(FAMILY_DATE_TEXT);

/** A family's date with what it is for, 'Enter by 21 April 2025', in the reader's language. */
export const sayDate = (date: FamilyDate): string => wordsOf(describeDate(date));
