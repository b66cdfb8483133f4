import { hasExtensionIn, PICTURE_EXTENSIONS } from '../files/files.rules.ts';
import { GRADE_VALUES } from '../reference/people.ts';

/**
 * Messages of spec 2, 5 and 8 for contestants, word for word (including the spec's typo); a
 * picture's upload is said in FILE_TEXT's words.
 */
export const CONTESTANT_MESSAGES = {
  acceptTerms: 'Please accept the terms and conditions',
  acceptPledge: 'Please accept the honour pledge',
  firstName: 'Please enter your first name',
  surname: 'Please enter your surname',
  school: 'Please enter your school',
  grade: 'Please enter your grade',
  created: 'Profile created successfully',
  updated: 'Profile updated successfully',
  deleted: 'Contestest profile delete successfully',
  deleteConfirm:
    'Are you really sure you want to delete this Contestant? All information about the Contestant will be removed',
  emptyTitle: 'Contestant Profiles, Now choose items for your entry',
  listHeading: 'Entered Contestants',
  noItems: 'You have not entered any items yet.',
  pictureGuidance:
    'Please upload a head-and-shoulders photo of the contestant in full school uniform. Selfies and photos in plain clothes are not accepted.',
  hasItems: 'This contestant has entered items and cannot be deleted.',
} as const;

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
export function contestantProblem(
  input: ContestantInput,
  schools: readonly string[],
): string | null {
  if (!input.acceptedTerms) return CONTESTANT_MESSAGES.acceptTerms;
  if (!input.acceptedHonourPledge) return CONTESTANT_MESSAGES.acceptPledge;
  if (!input.firstName.trim()) return CONTESTANT_MESSAGES.firstName;
  if (!input.surname.trim()) return CONTESTANT_MESSAGES.surname;
  if (!schools.includes(input.school)) return CONTESTANT_MESSAGES.school;
  if (!GRADE_VALUES.includes(input.grade)) return CONTESTANT_MESSAGES.grade;
  return null;
}

/** Profile pictures: one file of these types (spec 5, "Profile picture"). */
export function isAllowedPicture(name: string): boolean {
  return hasExtensionIn(PICTURE_EXTENSIONS, name);
}
