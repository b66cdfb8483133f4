import { hasExtensionIn, PICTURE_EXTENSIONS } from '../files/files.rules.ts';
import type { Said } from '../i18n/said.ts';
import { GRADE_VALUES } from '../reference/people.ts';
import { CONTESTANT_TEXT } from './contestants.messages.ts';

/** The upload answer that means "you sent this file already" (spec 3, Upload response). */
export const FILE_EXISTS = 'File exists';

export interface ContestantInput {
  acceptedTerms: boolean;
  acceptedHonourPledge: boolean;
  firstName: string;
  surname: string;
  school: string;
  grade: string;
}

/**
 * The first failing check of spec 5 ("Create contestant"), in the spec's order; null when the
 * contestant may be saved. `schools` is the list offered; anything else is not a school.
 */
export function contestantProblem(input: ContestantInput, schools: readonly string[]): Said | null {
  if (!input.acceptedTerms) return CONTESTANT_TEXT.say('acceptTerms');
  if (!input.acceptedHonourPledge) return CONTESTANT_TEXT.say('acceptPledge');
  if (!input.firstName.trim()) return CONTESTANT_TEXT.say('firstName');
  if (!input.surname.trim()) return CONTESTANT_TEXT.say('surname');
  if (!schools.includes(input.school)) return CONTESTANT_TEXT.say('school');
  if (!GRADE_VALUES.includes(input.grade)) return CONTESTANT_TEXT.say('grade');
  return null;
}

/** Profile pictures: one file of these types (spec 5, "Profile picture"). */
export function isAllowedPicture(name: string): boolean {
  return hasExtensionIn(PICTURE_EXTENSIONS, name);
}
