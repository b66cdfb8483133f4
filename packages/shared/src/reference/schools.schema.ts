import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { SCHOOL_KINDS } from '../schools/memberships.rules.ts';

// The schools every contestant form offers, as organisers keep them (issue 16).

/** Spec 9: the first school of the list, for a school the list does not have. */
export const OTHER_SCHOOL = 'Other School';

export const SchoolNameSchema = z.object({
  name: text().trim().min(1, 'Please enter the school’s name.').max(120),
  /** A school or a private studio (decision 061); a new school is a school unless said. */
  kind: z.enum(SCHOOL_KINDS).optional(),
});

export const StaffSchoolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SCHOOL_KINDS),
  /** Contestants and group members who name it. */
  contestants: z.number().int(),
  /** Teachers approved to act for it (decision 061). */
  teachers: z.number().int(),
  /** 'Other School': always first, never renamed or merged away. */
  fixed: z.boolean(),
});
export type StaffSchool = z.infer<typeof StaffSchoolSchema>;

export const MergeSchoolSchema = z.object({
  /** The school that stays; the one in the path goes, its contestants follow. */
  intoId: IdSchema,
});

export const SchoolParamsSchema = z.object({ id: IdSchema });
