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

/** A field of the contestant form that a check of spec 5 is about. */
export type ContestantField = 'terms' | 'pledge' | 'firstName' | 'surname' | 'school' | 'grade';

/**
 * Every failing check of spec 5 ("Create contestant"), in the spec's order, each with its
 * field: the form shows the first, a class list shows each row's every problem (decision 064).
 * `schools` is the list offered; anything else is not a school.
 */
export function contestantProblems(
  input: ContestantInput,
  schools: readonly string[],
): { field: ContestantField; said: Said }[] {
  const problems: { field: ContestantField; said: Said }[] = [];
  if (!input.acceptedTerms)
    problems.push({ field: 'terms', said: CONTESTANT_TEXT.say('acceptTerms') });
  if (!input.acceptedHonourPledge)
    problems.push({ field: 'pledge', said: CONTESTANT_TEXT.say('acceptPledge') });
  if (!input.firstName.trim())
    problems.push({ field: 'firstName', said: CONTESTANT_TEXT.say('firstName') });
  if (!input.surname.trim())
    problems.push({ field: 'surname', said: CONTESTANT_TEXT.say('surname') });
  if (!schools.includes(input.school))
    problems.push({ field: 'school', said: CONTESTANT_TEXT.say('school') });
  if (!GRADE_VALUES.includes(input.grade))
    problems.push({ field: 'grade', said: CONTESTANT_TEXT.say('grade') });
  return problems;
}

/**
 * The first failing check of spec 5 ("Create contestant"), in the spec's order; null when the
 * contestant may be saved. `schools` is the list offered; anything else is not a school.
 */
export function contestantProblem(input: ContestantInput, schools: readonly string[]): Said | null {
  return contestantProblems(input, schools)[0]?.said ?? null;
}

/** Profile pictures: one file of these types (spec 5, "Profile picture"). */
export function isAllowedPicture(name: string): boolean {
  return hasExtensionIn(PICTURE_EXTENSIONS, name);
}
