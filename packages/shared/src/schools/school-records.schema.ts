import { z } from 'zod';
import { text } from '../api/text.schema.ts';
import { StaffSchoolSchema } from '../reference/schools.schema.ts';
import { LookAlikeSchema, StaffMembershipSchema } from './teachers.schema.ts';

// Schools as records (issue 35, decision 061): the names families typed that no school of the
// list matches, and a school's page with its teachers.

/** A name contestants typed that is no school of the list, with the school it looks like. */
export const UnlinkedSchoolNameSchema = z.object({
  /** The name as most of them typed it. */
  name: z.string(),
  contestants: z.number().int(),
  /** Schools of the list that look alike: a suggestion, never linked without the organiser. */
  lookAlikes: z.array(LookAlikeSchema),
});
export type UnlinkedSchoolName = z.infer<typeof UnlinkedSchoolNameSchema>;

/** The organiser confirms that contestants who typed `name` attend this school. */
export const LinkSchoolNameSchema = z.strictObject({
  name: text().trim().min(1).max(200),
});

export const LinkedSchoolNameSchema = z.object({ linked: z.number().int() });

/** A school's page: the school, and its teachers (approved) with how many learners each holds. */
export const StaffSchoolPageSchema = z.object({
  school: StaffSchoolSchema,
  /** Contestants linked to the school (whoever entered them). */
  linkedContestants: z.number().int(),
  teachers: z.array(StaffMembershipSchema),
});
export type StaffSchoolPage = z.infer<typeof StaffSchoolPageSchema>;
