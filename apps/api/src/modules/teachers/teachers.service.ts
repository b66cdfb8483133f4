import {
  foldName,
  lookAlikesOf,
  MAX_OPEN_REQUESTS,
  MEMBERSHIP_TEXT,
  type ApproveMembership,
  type AskMembership,
  type ListedSchool,
  type Membership,
  type MembershipRole,
  type SchoolKind,
  type StaffMembership,
  type StaffSchool,
  type StaffTeachers,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { shareProvedAddress } from '../accounts/index.ts';
import * as repo from './teachers.repository.ts';

export interface TeachersDependencies {
  db: Database;
  /** The schools module: a school added in the approval's transaction, then announced. */
  schools: {
    addIn: (
      tx: Database,
      organiserId: number,
      name: string,
      kind: SchoolKind,
    ) => Promise<StaffSchool>;
    announce: () => void;
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toMembership = (m: repo.MembershipView): Membership => ({
  id: m.id,
  schoolId: m.schoolId,
  schoolName: m.schoolName,
  kind: m.kind,
  role: m.role,
  status: m.status,
  refusalReason: m.refusalReason,
  requestedAt: m.requestedAt.toISOString(),
  decidedAt: iso(m.decidedAt),
});

const toStaffMembership = (
  m: repo.StaffMembershipRow,
  lookAlikes: ListedSchool[] = [],
): StaffMembership => ({
  ...toMembership(m),
  customerId: m.customerId,
  teacherName: m.teacherName,
  email: m.email,
  mobileNumber: m.mobileNumber,
  proposedSchoolName: m.schoolId === null ? m.proposedSchoolName : null,
  lookAlikes,
  learners: m.learners,
});

/** A school's memberships as the console shows them (the schools module's page reads it). */
export async function teachersOfSchool(db: Database, schoolId: number): Promise<StaffMembership[]> {
  return (await repo.findStaffMemberships(db, { schoolId })).map((m) => toStaffMembership(m));
}

/** An account's memberships as the family desk shows them (issue 35): any state, any school. */
export async function membershipsOfAccount(
  db: Database,
  customerId: number,
): Promise<StaffMembership[]> {
  return (await repo.findStaffMemberships(db, { customerId })).map((m) => toStaffMembership(m));
}

const noMembership = () => notFound('MEMBERSHIP_NOT_FOUND', MEMBERSHIP_TEXT.say('noMembership'));
const decided = () => new AppError(409, 'MEMBERSHIP_DECIDED', MEMBERSHIP_TEXT.say('notWaiting'));
const alreadyOpen = (school: string) =>
  new AppError(409, 'MEMBERSHIP_OPEN', MEMBERSHIP_TEXT.say('alreadyOpen', { school }));

/** The school a request names: one of the list (a typed name the list has counts as it). */
async function schoolAsked(tx: Database, input: AskMembership) {
  const listed = await repo.findListedSchools(tx);
  if (input.schoolId !== undefined) {
    const school = listed.find((s) => s.id === input.schoolId);
    if (!school) throw notFound('SCHOOL_NOT_FOUND', MEMBERSHIP_TEXT.say('noSchool'));
    return { school };
  }
  const name = input.schoolName!;
  const same = listed.find((s) => foldName(s.name) === foldName(name));
  return same ? { school: same } : { proposed: { name, kind: input.kind! } };
}

/** A family account asks to act for a school (decision 061): checked, limited, audited. */
async function ask(db: Database, customerId: number, input: AskMembership): Promise<Membership> {
  try {
    return await db.transaction(async (tx) => {
      await repo.lockAccount(tx, customerId);
      const asked = await schoolAsked(tx, input);
      const open = await repo.findOpen(
        tx,
        customerId,
        asked.school ? { id: asked.school.id } : { name: asked.proposed.name },
      );
      if (open) throw alreadyOpen(open.schoolName);
      if ((await repo.countWaiting(tx, customerId)) >= MAX_OPEN_REQUESTS)
        throw new AppError(
          409,
          'MEMBERSHIP_LIMIT',
          MEMBERSHIP_TEXT.say('tooMany', { limit: MAX_OPEN_REQUESTS }),
        );
      const id = await repo.insertMembership(tx, {
        customerId,
        role: input.role,
        ...(asked.school
          ? { schoolId: asked.school.id }
          : { proposedSchoolName: asked.proposed.name, proposedKind: asked.proposed.kind }),
      });
      await audit(tx, {
        actorCustomerId: customerId,
        action: 'membership.requested',
        entityType: 'school_membership',
        entityId: id,
        details: { school: asked.school?.name ?? asked.proposed?.name, role: input.role },
      });
      return toMembership((await repo.findOwnMembership(tx, customerId, id))!);
    });
  } catch (err) {
    // The same request sent twice at once: the open-membership index keeps one.
    if (isUniqueViolation(err)) throw alreadyOpen(input.schoolName ?? '');
    throw err;
  }
}

/** Withdraws a request waiting (nothing was decided: it goes), or leaves a school (it ends). */
async function leave(db: Database, customerId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const m = await repo.findOwnMembership(tx, customerId, id);
    if (!m) throw noMembership();
    if (m.status === 'requested') await repo.deleteMembership(tx, id);
    else if (m.status === 'approved')
      await repo.updateMembership(tx, id, 'approved', { status: 'ended', decidedAt: new Date() });
    else throw decided();
    await audit(tx, {
      actorCustomerId: customerId,
      action: m.status === 'requested' ? 'membership.withdrawn' : 'membership.left',
      entityType: 'school_membership',
      entityId: id,
      details: { school: m.schoolName, role: m.role },
    });
  });
}

/** Family-side operations: an account's own memberships only. */
export function createTeachersService(deps: TeachersDependencies) {
  const { db } = deps;
  return {
    schools: (): Promise<ListedSchool[]> => repo.findListedSchools(db),
    list: async (customerId: number): Promise<Membership[]> =>
      (await repo.findMemberships(db, customerId)).map(toMembership),
    ask: (customerId: number, input: AskMembership) => ask(db, customerId, input),
    leave: (customerId: number, id: number) => leave(db, customerId, id),
    ...createOrganiserDecisions(deps),
  };
}

async function requireMembership(tx: Database, id: number) {
  const [m] = await repo.findStaffMemberships(tx, { id });
  if (!m) throw noMembership();
  return m;
}

/**
 * An organiser who teaches too asks like any teacher, and another organiser decides: approving
 * or promoting one's own request would be acting for a school on one's own word (decision 061).
 * So is a request from a second account that proved one of the organiser's own addresses: the
 * same person, whatever the accounts say. Ending one's own membership is leaving, as anyone may.
 */
async function assertNotOwn(tx: Database, organiserId: number, m: { customerId: number }) {
  if (m.customerId === organiserId)
    throw new AppError(403, 'OWN_MEMBERSHIP', MEMBERSHIP_TEXT.say('ownRequest'));
  if (await shareProvedAddress(tx, organiserId, m.customerId))
    throw new AppError(403, 'OWN_MEMBERSHIP', MEMBERSHIP_TEXT.say('sharedAddress'));
}

async function assertCoordinatorFree(tx: Database, schoolId: number, schoolName: string) {
  const coordinator = await repo.findCoordinator(tx, schoolId);
  if (coordinator)
    throw new AppError(
      409,
      'COORDINATOR_TAKEN',
      `${coordinator.name} coordinates ${schoolName} already. Make them a teacher first.`,
    );
}

/** The school an approval gives: the one asked for, or for a new name the one the organiser chose. */
async function schoolApproved(
  deps: TeachersDependencies,
  tx: Database,
  organiserId: number,
  m: repo.StaffMembershipRow,
  body: ApproveMembership,
): Promise<{ id: number; name: string; added: boolean }> {
  if (m.schoolId !== null) {
    if (body.schoolId !== undefined || body.newSchool)
      throw badRequest('VALIDATION_ERROR', 'This request is for a school of the list already.');
    return { id: m.schoolId, name: m.schoolName, added: false };
  }
  if (body.newSchool) {
    const added = await deps.schools.addIn(
      tx,
      organiserId,
      body.newSchool.name,
      body.newSchool.kind,
    );
    return { id: added.id, name: added.name, added: true };
  }
  if (body.schoolId === undefined)
    throw badRequest('VALIDATION_ERROR', 'Choose the school of the list it is, or add it.');
  const school = await repo.findListedSchool(tx, body.schoolId);
  if (!school) throw notFound('SCHOOL_NOT_FOUND', `There is no school with id ${body.schoolId}`);
  return { ...school, added: false };
}

/** Requests waiting (oldest first, look-alikes for a new name), then approved teachers. */
async function listTeachers(db: Database): Promise<StaffTeachers> {
  const rows = await repo.findStaffMemberships(db, { statuses: ['requested', 'approved'] });
  const list = await repo.findListedSchools(db);
  const waiting = rows
    .filter((m) => m.status === 'requested')
    .sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime() || a.id - b.id)
    .map((m) => toStaffMembership(m, m.schoolId === null ? lookAlikesOf(m.schoolName, list) : []));
  const approved = rows.filter((m) => m.status === 'approved').map((m) => toStaffMembership(m));
  return { waiting, approved };
}

/** One organiser's decision on a membership, in a transaction, audited. */
const decideWith =
  (db: Database) =>
  async (
    organiserId: number,
    id: number,
    action: string,
    work: (tx: Database, m: repo.StaffMembershipRow) => Promise<Record<string, unknown>>,
  ): Promise<StaffMembership> => {
    try {
      return await db.transaction(async (tx) => {
        const m = await requireMembership(tx, id);
        const details = await work(tx, m);
        await audit(tx, {
          actorCustomerId: organiserId,
          action,
          entityType: 'school_membership',
          entityId: id,
          details: { teacher: m.teacherName, customerId: m.customerId, ...details },
        });
        return toStaffMembership(await requireMembership(tx, id));
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError(409, 'MEMBERSHIP_OPEN', 'That changed meanwhile: reload and try again.');
      throw err;
    }
  };

/** Organisers' decisions, each audited (access 'manage:schools'). */
function createOrganiserDecisions(deps: TeachersDependencies) {
  const { db } = deps;
  const decide = decideWith(db);

  return {
    teachers: () => listTeachers(db),

    async approve(organiserId: number, id: number, body: ApproveMembership) {
      let added = false;
      const result = await decide(organiserId, id, 'membership.approved', async (tx, m) => {
        await assertNotOwn(tx, organiserId, m);
        if (m.status !== 'requested') throw decided();
        const school = await schoolApproved(deps, tx, organiserId, m, body);
        added = school.added;
        const open = await repo.findOpen(tx, m.customerId, { id: school.id });
        if (open && open.id !== id) throw alreadyOpen(school.name);
        if (m.role === 'coordinator') await assertCoordinatorFree(tx, school.id, school.name);
        const done = await repo.updateMembership(tx, id, 'requested', {
          status: 'approved',
          schoolId: school.id,
          decidedAt: new Date(),
          decidedBy: organiserId,
        });
        if (!done) throw decided();
        const proposed = m.schoolId === null ? m.proposedSchoolName : null;
        return { school: school.name, role: m.role, proposedSchoolName: proposed, added };
      });
      if (added) deps.schools.announce();
      return result;
    },

    refuse: (organiserId: number, id: number, reason: string) =>
      decide(organiserId, id, 'membership.refused', async (tx, m) => {
        const done = await repo.updateMembership(tx, id, 'requested', {
          status: 'refused',
          refusalReason: reason,
          decidedAt: new Date(),
          decidedBy: organiserId,
        });
        if (!done) throw decided();
        return { school: m.schoolName, reason };
      }),

    end: (organiserId: number, id: number) =>
      decide(organiserId, id, 'membership.ended', async (tx, m) => {
        const done = await repo.updateMembership(tx, id, 'approved', {
          status: 'ended',
          decidedAt: new Date(),
          decidedBy: organiserId,
        });
        if (!done) throw decided();
        return { school: m.schoolName, learners: m.learners };
      }),

    setRole: (organiserId: number, id: number, role: MembershipRole) =>
      decide(organiserId, id, 'membership.role', async (tx, m) => {
        await assertNotOwn(tx, organiserId, m);
        if (m.status !== 'approved' || m.schoolId === null) throw decided();
        if (role === 'coordinator' && m.role !== 'coordinator')
          await assertCoordinatorFree(tx, m.schoolId, m.schoolName);
        // Ended at this very moment: nothing changed, so nothing is recorded as changed.
        if (!(await repo.updateMembership(tx, id, 'approved', { role }))) throw decided();
        return { school: m.schoolName, before: { role: m.role }, after: { role } };
      }),
  };
}
