import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { InviteAdjudicatorSchema } from './staff.schema.ts';
import { STAFF_ROLES, type StaffRole } from './staff.rules.ts';

// Organisers keep the staff: invite organisers and adjudicators, deactivate and reactivate them
// (issue 16; docs/decisions/019-staff-accounts.md).

/** A member of staff as the Staff screen lists them. */
export const StaffMemberSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  /** False once deactivated: no staff call, no sign-in, every session ended. */
  active: z.boolean(),
  deactivatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** POST /api/Staff/Members: the adjudicators' invitation, with the role to give. */
export const InviteStaffMemberSchema = InviteAdjudicatorSchema.extend({
  role: z.enum(STAFF_ROLES, 'Please choose a role'),
});
export type InviteStaffMember = z.infer<typeof InviteStaffMemberSchema>;

export const StaffMemberParamsSchema = z.object({ id: IdSchema });

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  organiser: 'Organiser',
  adjudicator: 'Adjudicator',
};

/**
 * Why `member` may not be deactivated by `actorId`, or undefined when they may. One rule for the
 * screen (the button says why it is off) and the server (409 with the same words): nobody locks
 * themself out, and the portal always keeps an organiser who can invite and reactivate the rest.
 */
export function deactivationProblem(
  actorId: number,
  member: Pick<StaffMember, 'id' | 'role' | 'active'>,
  staff: readonly Pick<StaffMember, 'role' | 'active'>[],
): 'self' | 'last-organiser' | undefined {
  if (member.id === actorId) return 'self';
  const activeOrganisers = staff.filter((s) => s.role === 'organiser' && s.active).length;
  if (member.role === 'organiser' && member.active && activeOrganisers <= 1) {
    return 'last-organiser';
  }
  return undefined;
}

export const DEACTIVATION_MESSAGES = {
  self: 'You cannot deactivate yourself.',
  'last-organiser': 'The last active organiser cannot be deactivated.',
  /** What a deactivated member of staff is told when they sign in. */
  deactivated: 'This staff account has been deactivated. Please ask an organiser.',
  /** Why a deactivated adjudicator is given no work. */
  noAssignment: 'This adjudicator is deactivated: reactivate them (Staff) before assigning work.',
} as const;
