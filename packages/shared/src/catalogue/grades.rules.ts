import { z } from 'zod';
import { GRADE_VALUES } from '../reference/people.ts';

/**
 * The grades an item is for, as data (issue 32, decision 042): `R` to `12`, both ends included.
 * An item without a range is open to every grade. Before this, the range lived only in the
 * item's description ("Poetry (Grades R–3)"), and a Grade 5 child was entered, and paid for,
 * in a Grades R–3 item without a word.
 */
export const GradeSchema = z.enum(GRADE_VALUES);
export const GradeRangeSchema = z
  .object({ lowest: GradeSchema, highest: GradeSchema })
  .refine((r) => gradeRank(r.lowest) <= gradeRank(r.highest), {
    message: 'The lowest grade must not be above the highest',
  });
export type GradeRange = z.infer<typeof GradeRangeSchema>;

/** R is 0, Grade 1 is 1, ... Grade 12 is 12; -1 for what is not a grade. */
export function gradeRank(grade: string): number {
  return GRADE_VALUES.indexOf(grade);
}

/** What an item says about grades, as the catalogue serves it. */
export interface GradedItem {
  grades: GradeRange | null;
  /** The organiser's exception for this item: contestants of other grades may enter it too. */
  otherGradesAllowed: boolean;
}

/** Whether a contestant of `grade` is within the item's range (an item without one: yes). */
export function isGradeInRange(grade: string, range: GradeRange | null): boolean {
  if (!range) return true;
  const rank = gradeRank(grade);
  return rank >= gradeRank(range.lowest) && rank <= gradeRank(range.highest);
}

/** Whether a contestant of `grade` may enter the item: in its range, or the organiser allows it. */
export function mayEnterGrade(item: GradedItem, grade: string): boolean {
  return item.otherGradesAllowed || isGradeInRange(grade, item.grades);
}

const gradeName = (grade: string) => `Grade ${grade}`;

/** 'Grades R–3', 'Grade 5' (a range of one), or 'All grades'. */
export function formatGradeRange(range: GradeRange | null): string {
  if (!range) return 'All grades';
  if (range.lowest === range.highest) return gradeName(range.lowest);
  return `Grades ${range.lowest}–${range.highest}`;
}

/**
 * How the catalogue's spreadsheet writes a range: 'R to 3', '5', or '' for every grade. Not
 * '4-7': a spreadsheet program takes that for the 4th of July.
 */
export function gradeRangeCell(range: GradeRange | null): string {
  if (!range) return '';
  return range.lowest === range.highest ? range.lowest : `${range.lowest} to ${range.highest}`;
}

/**
 * Reads a spreadsheet's range: 'R-3', 'R–3', 'Grades 4 - 7', '5', 'r', or '' (every grade).
 * Undefined when the text is not a range.
 */
export function parseGradeRange(text: string): GradeRange | null | undefined {
  const cleaned = text
    .trim()
    .replace(/^grades?\s*/i, '')
    .toUpperCase();
  if (cleaned === '') return null;
  const match =
    /^(R|\d{1,2})\s*(?:[-–—]|TO)\s*(R|\d{1,2})$/.exec(cleaned) ?? /^(R|\d{1,2})$/.exec(cleaned);
  if (!match) return undefined;
  const [lowest, highest = lowest] = [match[1], match[2]].map((g) =>
    g === undefined ? undefined : String(g === 'R' ? 'R' : Number(g)),
  );
  const parsed = GradeRangeSchema.safeParse({ lowest, highest });
  return parsed.success ? parsed.data : undefined;
}

/**
 * Why a contestant may not enter an item (issue 32): the same words in the cart, at checkout,
 * when changing an entry's item and from the server.
 */
export const GRADE_MESSAGES = {
  notForGrade: (firstName: string, grade: string, range: GradeRange | null) =>
    `${firstName} is in ${gradeName(grade)}; this item is for ${formatGradeRange(range)}. Please choose an item for ${firstName}'s grade.`,
  memberNotForGrade: (name: string, grade: string, range: GradeRange | null) =>
    `${name} is in ${gradeName(grade)}; this item is for ${formatGradeRange(range)}. Every member of a group must be in the item's grades.`,
  /** The catalogue's switch between the contestant's grade and every item. */
  showAll: 'Show items for all grades',
} as const;

/**
 * Why these people may not enter the item, or null (issue 32): the contestant, then each group
 * member with a grade (a member without one is the group form's "incomplete" instead). The one
 * rule of the cart, checkout, View Order's Edit and the server.
 */
export function gradeProblem(
  item: GradedItem,
  contestant: { firstName: string; grade: string },
  members: readonly { firstName: string; surname: string; grade: string }[] = [],
): string | null {
  if (item.otherGradesAllowed) return null;
  if (!isGradeInRange(contestant.grade, item.grades))
    return GRADE_MESSAGES.notForGrade(contestant.firstName, contestant.grade, item.grades);
  const outside = members.find(
    (m) => gradeRank(m.grade) >= 0 && !isGradeInRange(m.grade, item.grades),
  );
  return outside
    ? GRADE_MESSAGES.memberNotForGrade(
        `${outside.firstName} ${outside.surname}`.trim(),
        outside.grade,
        item.grades,
      )
    : null;
}
