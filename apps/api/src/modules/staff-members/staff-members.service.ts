import {
  DEACTIVATION_MESSAGES,
  deactivationProblem,
  normaliseIdentifier,
  paths,
  type InviteStaffMember,
  type StaffMember,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { accountExists, createStaffAccount, invitationEmail } from './staff-accounts.ts';
import type { Outbox } from '../outbox/index.ts';
import * as repo from './staff-members.repository.ts';

export interface StaffMembersDependencies {
  db: Database;
  outbox: Outbox;
  publicUrl: string;
  now: () => number;
}

const toMember = (row: repo.StaffRow): StaffMember => ({
  id: row.id,
  firstName: row.firstName,
  surname: row.surname,
  email: row.email,
  role: row.role === 'organiser' ? 'organiser' : 'adjudicator',
  active: row.deactivatedAt === null,
  deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
});

const noMember = (id: number) =>
  notFound('STAFF_MEMBER_NOT_FOUND', `There is no member of staff with id ${id}`);

async function requireMember(tx: Database, id: number) {
  const row = await repo.findStaff(tx, id);
  if (!row) throw noMember(id);
  return row;
}

/**
 * One change of a member's state under the staff lock, with the organiser's own state read
 * again inside it: one deactivated a moment ago changes nothing.
 */
async function change(
  { db }: StaffMembersDependencies,
  organiserId: number,
  id: number,
  work: (tx: Database, member: repo.StaffRow, staff: repo.StaffRow[]) => Promise<void>,
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    await repo.takeTurn(tx);
    const staff = await repo.listStaff(tx);
    const actor = staff.find((s) => s.id === organiserId);
    if (actor?.role !== 'organiser' || actor.deactivatedAt !== null) {
      throw new AppError(401, 'UNAUTHORISED', 'Session has expired. Please login again');
    }
    const member = staff.find((s) => s.id === id);
    if (!member) throw noMember(id);
    await work(tx, member, staff);
    return toMember(await requireMember(tx, id));
  });
}

/**
 * Organisers keep the staff (issue 16, decision 019): invite organisers and adjudicators,
 * deactivate and reactivate them. Deactivation keeps the account, its role and everything it
 * did (marks, the audit log); it ends its sessions and its sign-in (plugins/access.ts).
 */
export function createStaffMembersService(deps: StaffMembersDependencies) {
  const { db } = deps;

  return {
    async list(): Promise<StaffMember[]> {
      return (await repo.listStaff(db)).map(toMember);
    },

    /**
     * Makes a staff account and tells them by email. An address that already signs in is
     * refused, as for adjudicators: an organiser cannot turn a family (or a deactivated member:
     * reactivate them instead) into staff; the operator's `npm run staff:add` can.
     */
    async invite(organiserId: number, input: InviteStaffMember): Promise<StaffMember> {
      const email = normaliseIdentifier('email', input.email);
      const customerId = await createStaffAccount(db, { ...input, email }, organiserId);
      if (customerId === undefined) throw accountExists();
      const letter = invitationEmail(
        input.role,
        input.firstName,
        `${deps.publicUrl}${paths.login.href()}`,
      );
      await deps.outbox.enqueueEmail(email, letter.subject, letter.body);
      return toMember(await requireMember(db, customerId));
    },

    async deactivate(organiserId: number, id: number): Promise<StaffMember> {
      return change(deps, organiserId, id, async (tx, member, staff) => {
        if (member.deactivatedAt !== null) return; // Already: nothing changes, nothing logged.
        const problem = deactivationProblem(organiserId, toMember(member), staff.map(toMember));
        if (problem === 'self') {
          throw new AppError(409, 'STAFF_SELF_DEACTIVATION', DEACTIVATION_MESSAGES.self);
        }
        if (problem === 'last-organiser') {
          throw new AppError(409, 'LAST_ORGANISER', DEACTIVATION_MESSAGES['last-organiser']);
        }
        const at = new Date(deps.now());
        await repo.deactivate(tx, id, at);
        const draftsReleased = await repo.releaseDrafts(tx, id);
        await audit(tx, {
          actorCustomerId: organiserId,
          action: 'staff.deactivate',
          entityType: 'customer',
          entityId: id,
          details: {
            name: `${member.firstName} ${member.surname}`,
            role: member.role,
            before: { active: true },
            after: { active: false, deactivatedAt: at.toISOString() },
            draftsReleased,
          },
        });
      });
    },

    async reactivate(organiserId: number, id: number): Promise<StaffMember> {
      return change(deps, organiserId, id, async (tx, member) => {
        if (member.deactivatedAt === null) return; // Active already.
        await repo.reactivate(tx, id, new Date(deps.now()));
        await audit(tx, {
          actorCustomerId: organiserId,
          action: 'staff.reactivate',
          entityType: 'customer',
          entityId: id,
          details: {
            name: `${member.firstName} ${member.surname}`,
            role: member.role,
            before: { active: false, deactivatedAt: member.deactivatedAt.toISOString() },
            after: { active: true },
          },
        });
      });
    },
  };
}
