import { isValidEmail, isValidMobile, toMobileDigits } from '../accounts/accounts.rules.ts';
import { contestantProblems } from '../contestants/contestants.rules.ts';
import type { Said } from '../i18n/said.ts';
import { GENDERS, GRADE_VALUES, type Gender } from '../reference/people.ts';
import { CLASS_TEXT } from './class.messages.ts';

/**
 * A teacher's class (issue 35, docs/decisions/064-a-class-and-its-list.md): the learners a
 * teacher adds one by one or from the school's own class list, and the rule that finds the ones
 * the portal already has.
 */

/** The most learners one class list takes, and its largest file. */
export const MAX_CLASS_LIST_ROWS = 1000;
export const MAX_CLASS_LIST_BYTES = 2 * 1024 * 1024;

/** A class list's columns, in the template's order. */
export const CLASS_LIST_COLUMNS = [
  'firstName',
  'surname',
  'grade',
  'gender',
  'parentEmail',
  'parentMobile',
] as const;
export type ClassListColumn = (typeof CLASS_LIST_COLUMNS)[number];

/** The template's header row (and the names a list is told it misses). */
export const CLASS_LIST_HEADERS: Record<ClassListColumn, string> = {
  firstName: 'First name',
  surname: 'Surname',
  grade: 'Grade',
  gender: 'Gender',
  parentEmail: 'Parent email',
  parentMobile: 'Parent mobile',
};

/** The columns a list must have; a parent's address is optional. */
export const REQUIRED_CLASS_LIST_COLUMNS: readonly ClassListColumn[] = [
  'firstName',
  'surname',
  'grade',
  'gender',
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The header spellings schools use, folded (case, accents, punctuation). */
const HEADER_ALIASES: Record<ClassListColumn, string[]> = {
  // English, then Afrikaans (issue 36): an Afrikaans school's list is its own, not translated.
  firstName: [
    'first name',
    'firstname',
    'name',
    'first names',
    'given name',
    'learner name',
    'naam',
    'voornaam',
    'voorname',
    'noemnaam',
    'leerder se naam',
  ],
  surname: ['surname', 'last name', 'lastname', 'family name', 'learner surname', 'van'],
  grade: ['grade', 'gr', 'class', 'grade class', 'graad', 'klas'],
  gender: ['gender', 'sex', 'geslag'],
  parentEmail: [
    'parent email',
    'parent e mail',
    'parents email',
    'email',
    'e mail',
    'parent email address',
    'ouer se e pos',
    'ouer e pos',
    'e pos',
    'epos',
  ],
  parentMobile: [
    'parent mobile',
    'parent cellphone',
    'parent cell',
    'parents mobile',
    'parents cellphone',
    'parent phone',
    'parent mobile number',
    'parent cell number',
    'mobile',
    'cellphone',
    'cell',
    'phone',
    'ouer se selfoon',
    'ouer selfoon',
    'selfoon',
    'selfoonnommer',
  ],
};

/** Which column of the sheet holds each of ours (by its header row); undefined when none does. */
export function classListColumns(
  header: readonly string[],
): Partial<Record<ClassListColumn, number>> {
  const found: Partial<Record<ClassListColumn, number>> = {};
  header.forEach((cell, index) => {
    const name = fold(cell);
    const column = CLASS_LIST_COLUMNS.find((c) => HEADER_ALIASES[c].includes(name));
    if (column && found[column] === undefined) found[column] = index;
  });
  return found;
}

/**
 * "5", "Gr 5", "Grade 5", "gr.5", "R", "Grade R", "Graad 5" as the grade it is; null when it is
 * none. The longer words first: "graad" must not lose only its "gr".
 */
export function readGrade(cell: string): string | null {
  const bare = fold(cell).replace(/^(grade|graad|gr)\s*/, '');
  if (bare === 'r') return 'R';
  if (!/^\d{1,2}$/.test(bare)) return null;
  const grade = String(Number(bare));
  return GRADE_VALUES.includes(grade) ? grade : null;
}

const GENDER_WORDS: Record<string, Gender> = {
  m: 'male',
  male: 'male',
  boy: 'male',
  b: 'male',
  f: 'female',
  female: 'female',
  girl: 'female',
  g: 'female',
  o: 'other',
  other: 'other',
  x: 'other',
  manlik: 'male',
  seun: 'male',
  v: 'female',
  vroulik: 'female',
  meisie: 'female',
  dogter: 'female',
  ander: 'other',
};

/**
 * "M", "Male", "boy", "F", "Girl", "Other" (or in Afrikaans "Manlik", "Seun", "V", "Vroulik",
 * "Meisie", "Ander") as the gender it is; null when it is none.
 */
export function readGender(cell: string): Gender | null {
  const word = GENDER_WORDS[fold(cell)];
  return word && GENDERS.includes(word) ? word : null;
}

/** A learner as a class list row or the form gives it, before any check. */
export interface LearnerFields {
  firstName: string;
  surname: string;
  grade: string;
  gender: string;
  parentEmail: string;
  parentMobile: string;
}

export interface LearnerProblem {
  column: ClassListColumn;
  said: Said;
}

/**
 * Every problem of a learner, by column: the contestant form's checks (spec 5) for the name and
 * grade, then the gender and the parent's address. The consents of the contestant form are a
 * parent's, given later; the school is the class's.
 */
export function learnerProblems(learner: LearnerFields): LearnerProblem[] {
  const problems: LearnerProblem[] = [];
  const grade = readGrade(learner.grade);
  for (const p of contestantProblems(
    {
      acceptedTerms: true,
      acceptedHonourPledge: true,
      firstName: learner.firstName,
      surname: learner.surname,
      school: 'the class',
      grade: grade ?? learner.grade,
    },
    ['the class'],
  )) {
    if (p.field === 'firstName' || p.field === 'surname')
      problems.push({ column: p.field, said: p.said });
    if (p.field === 'grade')
      problems.push({
        column: 'grade',
        said: learner.grade.trim()
          ? CLASS_TEXT.say('gradeUnreadable', { value: learner.grade.trim() })
          : p.said,
      });
  }
  if (!learner.gender.trim())
    problems.push({ column: 'gender', said: CLASS_TEXT.say('genderMissing') });
  else if (!readGender(learner.gender))
    problems.push({
      column: 'gender',
      said: CLASS_TEXT.say('genderUnreadable', { value: learner.gender.trim() }),
    });
  if (learner.parentEmail.trim() && !isValidEmail(learner.parentEmail))
    problems.push({ column: 'parentEmail', said: CLASS_TEXT.say('email') });
  const mobile = learner.parentMobile.trim();
  if (mobile && (/[^\d\s()+-]/.test(mobile) || !isValidMobile(toMobileDigits(mobile))))
    problems.push({ column: 'parentMobile', said: CLASS_TEXT.say('mobile') });
  return problems;
}

/** A name as the duplicate rule compares it: case, accents, spaces and hyphens folded away. */
export function learnerNameKey(firstName: string, surname: string): string {
  return `${fold(firstName).replace(/ /g, '')}|${fold(surname).replace(/ /g, '')}`;
}

/** A contestant the portal has at the class's school: a class's learner, or a family's child. */
export interface KnownLearner {
  id: number;
  firstName: string;
  surname: string;
  grade: string;
  /** The class that holds them; null for a family's own child. */
  membershipId: number | null;
}

/**
 * What the portal already has of a learner: already in this class (never copied), in another
 * class of the school (never copied), or a family's child of the same name who may be them
 * (the teacher chooses; nothing of the family is shown).
 */
export type LearnerMatch =
  | { kind: 'in-class'; learnerId: number }
  | { kind: 'in-school'; membershipId: number }
  | { kind: 'possible-match' };

export type LearnerIndex = Map<string, KnownLearner[]>;

export function indexLearners(known: readonly KnownLearner[]): LearnerIndex {
  const index: LearnerIndex = new Map();
  for (const k of known) {
    const key = learnerNameKey(k.firstName, k.surname);
    index.set(key, [...(index.get(key) ?? []), k]);
  }
  return index;
}

/** The same grade, or the one below: the child entered last year. */
function gradeFits(known: string, grade: string): boolean {
  const k = GRADE_VALUES.indexOf(known);
  const g = GRADE_VALUES.indexOf(grade);
  return k >= 0 && g >= 0 && (k === g || k === g - 1);
}

/**
 * The duplicate rule (decision 064), for a learner about to join class `classId` of the school
 * whose contestants `index` holds. In this class the name alone matches (a class does not have
 * two children of one name; a grade out of date is still the child), and a family's child too
 * (nothing of a family, not even the grade, may be learnt from the answer); another class's
 * learner matches on the name and the grade, or the grade below. `exceptId` is the learner being edited.
 */
export function findLearnerMatch(
  learner: { firstName: string; surname: string; grade: string },
  index: LearnerIndex,
  classId: number,
  exceptId?: number,
): LearnerMatch | null {
  const same = (index.get(learnerNameKey(learner.firstName, learner.surname)) ?? []).filter(
    (k) => k.id !== exceptId,
  );
  const inClass = same.find((k) => k.membershipId === classId);
  if (inClass) return { kind: 'in-class', learnerId: inClass.id };
  const grade = readGrade(learner.grade) ?? learner.grade;
  const fits = same.filter((k) => gradeFits(k.grade, grade));
  const other = fits.find((k) => k.membershipId !== null);
  if (other?.membershipId) return { kind: 'in-school', membershipId: other.membershipId };
  // A family's child matches on the name alone: matching on the grade too would let a teacher
  // learn the child's grade by trying each (security review of issue 35).
  if (same.some((k) => k.membershipId === null)) return { kind: 'possible-match' };
  return null;
}
