import { z } from 'zod';
import type { MessageValues, Said } from '../i18n/said.ts';
import { GRADE_VALUES } from '../reference/people.ts';
import { GRADE_TEXT } from './grades.messages.ts';

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

/**
 * A range as GRADE_TEXT's messages take it: `span` 'all' (no range), 'one' (a range of one) or
 * 'range', with its ends ('' without a range).
 */
function gradeRangeValues(range: GradeRange | null): MessageValues {
  if (!range) return { span: 'all', lowest: '', highest: '' };
  const span = range.lowest === range.highest ? 'one' : 'range';
  return { span, lowest: range.lowest, highest: range.highest };
}

/** 'Grades R–3', 'Grade 5' (a range of one), or 'All grades'. */
export function gradeRangeMessage(range: GradeRange | null): Said {
  return GRADE_TEXT.say('range', gradeRangeValues(range));
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
 * Reads a spreadsheet's range: 'R-3', 'R–3', 'Grades 4 - 7', 'Graad 4 tot 7', '5', 'r', or '' (every
 * grade).
 * Undefined when the text is not a range.
 */
export function parseGradeRange(text: string): GradeRange | null | undefined {
  const cleaned = text
    .trim()
    .replace(/^(grades?|graad)\s*/i, '')
    .toUpperCase();
  if (cleaned === '') return null;
  const match =
    /^(R|\d{1,2})\s*(?:[-–—]|TOT|TO)\s*(R|\d{1,2})$/.exec(cleaned) ?? /^(R|\d{1,2})$/.exec(cleaned);
  if (!match) return undefined;
  const [lowest, highest = lowest] = [match[1], match[2]].map((g) =>
    g === undefined ? undefined : String(g === 'R' ? 'R' : Number(g)),
  );
  const parsed = GradeRangeSchema.safeParse({ lowest, highest });
  return parsed.success ? parsed.data : undefined;
}

/**
 * Why these people may not enter the item, or null (issue 32): the contestant, then each group
 * member with a grade (a member without one is the group form's "incomplete" instead). The one
 * rule of the cart, checkout, View Order's Edit and the server.
 */
export function gradeProblem(
  item: GradedItem,
  contestant: { firstName: string; grade: string },
  members: readonly { firstName: string; surname: string; grade: string }[] = [],
): Said | null {
  if (item.otherGradesAllowed) return null;
  if (!isGradeInRange(contestant.grade, item.grades))
    return GRADE_TEXT.say('notForGrade', {
      firstName: contestant.firstName,
      grade: contestant.grade,
      ...gradeRangeValues(item.grades),
    });
  const outside = members.find(
    (m) => gradeRank(m.grade) >= 0 && !isGradeInRange(m.grade, item.grades),
  );
  return outside
    ? GRADE_TEXT.say('memberNotForGrade', {
        name: `${outside.firstName} ${outside.surname}`.trim(),
        grade: outside.grade,
        ...gradeRangeValues(item.grades),
      })
    : null;
}
