import { CLASS_TEXT, CONTESTANT_TEXT } from '@eisteddfod/shared';
import { catalogue, sharedText } from '../../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** A teacher's class screen's words (decision 057). */
export const text = catalogue('teachingClass', { en });

/** What the server says of a learner and a class list, word for word (decision 064). */
export const classText = sharedText(CLASS_TEXT);
/** The contestant form's checks, which a learner's are (spec 5). */
export const contestantText = sharedText(CONTESTANT_TEXT);
