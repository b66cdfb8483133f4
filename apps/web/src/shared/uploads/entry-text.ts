import { FILE_TEXT, FINALISING_TEXT, RESULT_TEXT } from '@eisteddfod/shared';
import { sharedText } from '../../lib/i18n/catalogue.ts';

// The words about entries and their files that the server says too (decision 057), read by the
// uploads portal, the results and the contestant cards. Apart from text.ts, which the shell's
// upload bar loads on every page: these load with the screens that say them.

/** Any uploaded file's: uploaded, too large, a name already used (spec 8). */
export const fileText = sharedText(FILE_TEXT);

/** Where an entry stands on its way to the adjudicators (decision 043). */
export const finalisingText = sharedText(FINALISING_TEXT);

/** The Results modal's (spec 4 and 8). */
export const resultText = sharedText(RESULT_TEXT);
