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
  locked: 'Marking in this section has begun: its rubric stays as the adjudicators were given it.',
} as const;

/** The most criteria a rubric has: the marking form shows each as a row. */
const MAX_CRITERIA = 12;

export const RubricCriteriaSchema = z
  .array(
    z.object({
      name: text().trim().min(1, 'Please name every criterion.').max(80),
      maxValue: z.number().int().min(1, 'Each maximum is at least 1.').max(RUBRIC_TOTAL),
    }),
  )
  .min(1, 'A rubric needs at least one criterion.')
  .max(MAX_CRITERIA, `A rubric has at most ${MAX_CRITERIA} criteria.`)
  .superRefine((criteria, ctx) => {
    const seen = new Set<string>();
    for (const [index, c] of criteria.entries()) {
      const key = c.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: RUBRIC_EDITOR_MESSAGES.sameName(c.name),
        });
      seen.add(key);
    }
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
});
export type StaffSectionRubric = z.infer<typeof StaffSectionRubricSchema>;

export const StaffRubricsSchema = z.object({
  eventId: z.number().int(),
  sections: z.array(StaffSectionRubricSchema),
});
export type StaffRubrics = z.infer<typeof StaffRubricsSchema>;

export const RubricParamsSchema = z.object({ id: IdSchema, section: SectionSchema });
