import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { SectionSchema } from '../catalogue/catalogue.schema.ts';
import { RUBRIC_TOTAL } from './staff.rules.ts';

// A section's marking rubric as organisers edit it (issue 16): ordered criteria whose maxima
// total 100, fixed once marking in the section has begun.

export const RUBRIC_EDITOR_MESSAGES = {
  total: (total: number) => `The maxima total ${total}; they must total ${RUBRIC_TOTAL}.`,
  sameName: (name: string) => `Two criteria are named ${name}: give each its own name.`,
  /** Why a section's rubric is fixed: shown on the screen and in the 409. */
  locked: (section: string, marks: number) =>
    `Marking in ${section} has begun (${marks} ${marks === 1 ? 'mark' : 'marks'}, draft or submitted): its rubric stays as the adjudicators were given it.`,
  maxValue: `Each maximum is a whole number from 1 to ${RUBRIC_TOTAL}.`,
} as const;

/** The most criteria a rubric has: the marking form shows each as a row. */
const MAX_CRITERIA = 12;

export const RubricCriteriaSchema = z
  .array(
    z.object({
      name: text()
        .trim()
        .min(1, 'Please name every criterion.')
        .max(80, 'A criterion’s name has at most 80 characters.'),
      // One message for every way a maximum can be wrong (empty, 4.5, 0, 120): the screen sends
      // what was typed as a number, so NaN and fractions arrive here too.
      maxValue: z
        .number({ error: RUBRIC_EDITOR_MESSAGES.maxValue })
        // A refinement rather than .int(), whose problem stops every later check: a fraction
        // must not hide two criteria of one name.
        .refine(Number.isInteger, RUBRIC_EDITOR_MESSAGES.maxValue)
        .min(1, RUBRIC_EDITOR_MESSAGES.maxValue)
        .max(RUBRIC_TOTAL, RUBRIC_EDITOR_MESSAGES.maxValue),
    }),
  )
  .min(1, 'A rubric needs at least one criterion.')
  .max(MAX_CRITERIA, `A rubric has at most ${MAX_CRITERIA} criteria.`)
  // Names are compared even when a maximum is wrong, so the screen shows every problem at once
  // (zod skips a refinement after an earlier problem unless told when to run it).
  .superRefine(
    (criteria, ctx) => {
      if (!Array.isArray(criteria)) return;
      const seen = new Set<string>();
      for (const [index, c] of criteria.entries()) {
        if (typeof c?.name !== 'string' || c.name.trim() === '') continue;
        const key = c.name.trim().toLowerCase();
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: RUBRIC_EDITOR_MESSAGES.sameName(c.name.trim()),
          });
        seen.add(key);
      }
    },
    { when: () => true },
  )
  .superRefine((criteria, ctx) => {
    // A total of fractions would only confuse: the maximum at fault is named already.
    if (!criteria.every((c) => Number.isInteger(c.maxValue))) return;
    const total = criteria.reduce((sum, c) => sum + c.maxValue, 0);
    if (total !== RUBRIC_TOTAL)
      ctx.addIssue({ code: 'custom', path: [], message: RUBRIC_EDITOR_MESSAGES.total(total) });
  });

export const SaveRubricSchema = z.object({ criteria: RubricCriteriaSchema });
export type SaveRubric = z.infer<typeof SaveRubricSchema>;

export const StaffSectionRubricSchema = z.object({
  section: SectionSchema,
  criteria: z.array(z.object({ name: z.string(), maxValue: z.number().int() })),
  /** Marks (draft or submitted) given in the section: from the first one, the rubric is fixed. */
  marks: z.number().int(),
  locked: z.boolean(),
  /** Why the rubric is fixed, in words for the organiser; null while it can be edited. */
  lockedReason: z.string().nullable(),
});
export type StaffSectionRubric = z.infer<typeof StaffSectionRubricSchema>;

export const StaffRubricsSchema = z.object({
  eventId: z.number().int(),
  sections: z.array(StaffSectionRubricSchema),
});
export type StaffRubrics = z.infer<typeof StaffRubricsSchema>;

export const RubricParamsSchema = z.object({ id: IdSchema, section: SectionSchema });
