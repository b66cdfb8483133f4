import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { GENDERS } from '../reference/people.ts';

/** A teacher's class (issue 35, decision 064): its learners and the form that adds one. */

const field = (max: number) => text().trim().max(max);

const learnerFields = {
  firstName: field(100),
  surname: field(100),
  /** R or 1 to 12; "Gr 5" and "Grade 5" are read as 5. */
  grade: field(10),
  gender: z.enum(GENDERS),
  /** A parent's address, kept for the parents' invitations (a later part of issue 35). */
  parentEmail: field(254).nullish(),
  parentMobile: field(20).nullish(),
};

/** Edit a learner of the class. */
export const UpdateLearnerSchema = z.object(learnerFields);
export type UpdateLearner = z.infer<typeof UpdateLearnerSchema>;

/** Add a learner: with the teacher's declaration that the school's own consent covers them. */
export const AddLearnerSchema = z.object({
  ...learnerFields,
  schoolConsentDeclared: z.boolean().default(false),
  /** Add them although a family's child of that name is at the school (a possible match). */
  addAnyway: z.boolean().default(false),
});
export type AddLearner = z.input<typeof AddLearnerSchema>;

export const ClassLearnerSchema = z.object({
  id: z.number().int(),
  membershipId: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  grade: z.string(),
  gender: z.enum(GENDERS).nullable(),
  school: z.string(),
  /** Entries in any order that is not cancelled (carts included): one keeps the learner. */
  entries: z.number().int(),
  parentEmail: z.string().nullable(),
  parentMobile: z.string().nullable(),
});
export type ClassLearner = z.infer<typeof ClassLearnerSchema>;

/** A class: the teacher's own, or one a coordinator reads at their school. */
export const SchoolClassSchema = z.object({
  membershipId: z.number().int(),
  schoolId: z.number().int(),
  schoolName: z.string(),
  teacherName: z.string(),
  /** The caller's own class: they may add, edit, remove and import. */
  mine: z.boolean(),
  learners: z.array(ClassLearnerSchema),
});
export type SchoolClass = z.infer<typeof SchoolClassSchema>;

/** A coordinator's school: every approved class's learners, each with its teacher. */
export const SchoolLearnersSchema = z.object({
  schoolId: z.number().int(),
  schoolName: z.string(),
  learners: z.array(ClassLearnerSchema.extend({ teacherName: z.string() })),
});
export type SchoolLearners = z.infer<typeof SchoolLearnersSchema>;

export const ClassParamsSchema = z.object({ id: IdSchema, membershipId: IdSchema });
export const LearnerParamsSchema = ClassParamsSchema.extend({ learnerId: IdSchema });
export const SchoolLearnersParamsSchema = z.object({ id: IdSchema, schoolId: IdSchema });
