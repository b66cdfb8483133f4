import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { MEMBERSHIP_TEXT } from './memberships.messages.ts';
import { MEMBERSHIP_ROLES, MEMBERSHIP_STATUSES, SCHOOL_KINDS } from './memberships.rules.ts';

// Teachers' requests to act for a school, and organisers' answers (issue 35, decision 061).

/** An account has at most this many requests waiting at once. */
export const MAX_OPEN_REQUESTS = 5;

const SchoolKindSchema = z.enum(SCHOOL_KINDS);
const RoleSchema = z.enum(MEMBERSHIP_ROLES);
const name = () =>
  text().trim().min(1, MEMBERSHIP_TEXT.id('schoolName')).max(120, MEMBERSHIP_TEXT.id('schoolName'));

/** A school of the list, as the Teaching screen's select offers it. */
export const ListedSchoolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: SchoolKindSchema,
});
export type ListedSchool = z.infer<typeof ListedSchoolSchema>;

/** One of a family account's memberships, as its Teaching screen shows it. */
export const MembershipSchema = z.object({
  id: z.number().int(),
  /** Null while a school the list does not have waits for an organiser. */
  schoolId: z.number().int().nullable(),
  /** The school's name on the list, or the name the teacher gave. */
  schoolName: z.string(),
  kind: SchoolKindSchema,
  role: RoleSchema,
  status: z.enum(MEMBERSHIP_STATUSES),
  refusalReason: z.string().nullable(),
  requestedAt: z.iso.datetime({ offset: true }),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Membership = z.infer<typeof MembershipSchema>;

/**
 * Asking to act for a school: one of the list by id, or one it does not have by name and kind;
 * as a teacher, or asking to coordinate. Anything else is refused (strict).
 */
export const AskMembershipSchema = z
  .strictObject({
    schoolId: IdSchema.optional(),
    schoolName: name().optional(),
    kind: SchoolKindSchema.optional(),
    role: RoleSchema,
  })
  .superRefine((v, ctx) => {
    const listed = v.schoolId !== undefined;
    const named = v.schoolName !== undefined;
    if (listed === named)
      ctx.addIssue({
        code: 'custom',
        path: ['schoolId'],
        message: MEMBERSHIP_TEXT.id('chooseSchool'),
      });
    else if (named && v.kind === undefined)
      ctx.addIssue({ code: 'custom', path: ['kind'], message: MEMBERSHIP_TEXT.id('chooseKind') });
    else if (listed && v.kind !== undefined)
      ctx.addIssue({ code: 'custom', path: ['kind'], message: MEMBERSHIP_TEXT.id('chooseSchool') });
  });
export type AskMembership = z.infer<typeof AskMembershipSchema>;

export const MembershipParamsSchema = z.object({ id: IdSchema, membershipId: IdSchema });

// The organisers' side (access 'manage:schools').

/** A school of the list whose name looks like a name a teacher or a family typed. */
export const LookAlikeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: SchoolKindSchema,
});

/** A membership as the console's Teachers page shows it, with the teacher's contacts. */
export const StaffMembershipSchema = MembershipSchema.extend({
  customerId: z.number().int(),
  teacherName: z.string(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  /** The name the teacher typed for a school the list does not have, else null. */
  proposedSchoolName: z.string().nullable(),
  /** For a proposed name: the schools of the list that look alike (to pick rather than add). */
  lookAlikes: z.array(LookAlikeSchema),
  /** Learners the class holds. */
  learners: z.number().int(),
});
export type StaffMembership = z.infer<typeof StaffMembershipSchema>;

/** Requests waiting first (oldest first), then approved teachers by school. */
export const StaffTeachersSchema = z.object({
  waiting: z.array(StaffMembershipSchema),
  approved: z.array(StaffMembershipSchema),
});
export type StaffTeachers = z.infer<typeof StaffTeachersSchema>;

/**
 * Approving: a request for a school of the list needs nothing more; a proposed name needs the
 * school it is (`schoolId`) or a new school of the list (`newSchool`), never both.
 */
export const ApproveMembershipSchema = z
  .strictObject({
    schoolId: IdSchema.optional(),
    newSchool: z.strictObject({ name: name(), kind: SchoolKindSchema }).optional(),
  })
  .refine((v) => !(v.schoolId !== undefined && v.newSchool !== undefined), {
    message: 'Choose a school of the list or add one, not both.',
  });
export type ApproveMembership = z.infer<typeof ApproveMembershipSchema>;

export const RefuseMembershipSchema = z.strictObject({
  reason: text().trim().min(1, 'Please give the teacher a reason.').max(500),
});

export const MembershipRoleSchema = z.strictObject({ role: RoleSchema });

export const StaffMembershipParamsSchema = z.object({ membershipId: IdSchema });
