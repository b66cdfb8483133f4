import {
  DEACTIVATION_MESSAGES,
  foldName,
  type Adjudicator,
  type Assignment,
  type Conflict,
  type CreateAssignment,
  type DeclareConflict,
  type InviteAdjudicator,
  type RecordTeacherConflict,
  paths,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { findCustomer } from '../accounts/index.ts';
import type { Outbox } from '../outbox/index.ts';
import { countVisibleEntries } from '../entries/index.ts';
import * as repo from './adjudicators.repository.ts';
import * as teacherRepo from './teacher-conflicts.repository.ts';
import { accountExists, createStaffAccount, invitationEmail } from '../staff-members/index.ts';

export interface AdjudicatorsDependencies {
  db: Database;
  outbox: Outbox;
  publicUrl: string;
  currentEventId: () => Promise<number | undefined>;
}

const noAdjudicator = (id: number) =>
  notFound('ADJUDICATOR_NOT_FOUND', `There is no adjudicator with id ${id}`);

async function eventId(deps: AdjudicatorsDependencies): Promise<number> {
  const id = await deps.currentEventId();
  if (id === undefined) throw notFound('EVENT_NOT_FOUND', 'There is no event yet.');
  return id;
}

async function assertAdjudicator(deps: AdjudicatorsDependencies, id: number) {
  const { db } = deps;
  const row = await findCustomer(db, id);
  if (row?.role !== 'adjudicator') throw noAdjudicator(id);
  return row;
}

async function assignmentsOf(
  deps: AdjudicatorsDependencies,
  adjudicatorId: number,
): Promise<Assignment[]> {
  const { db } = deps;
  const rows = await repo.findAssignments(db, adjudicatorId);
  return rows.map((r) => ({
    id: r.id,
    section: r.section ?? null,
    categoryId: r.categoryId,
    label: r.section ?? `${r.categoryName ?? '?'} (${r.categorySection ?? '?'})`,
  }));
}

async function conflictsOf(
  deps: AdjudicatorsDependencies,
  adjudicatorId: number,
): Promise<Conflict[]> {
  const { db } = deps;
  const rows = await repo.findConflicts(db, adjudicatorId);
  const teachers = await teacherRepo.findTeacherConflicts(db, adjudicatorId);
  return [
    ...rows.map((r) => ({
      ...r,
      kind: r.kind === 'school' ? ('school' as const) : ('contestant' as const),
    })),
    ...teachers.map((r) => ({ ...r, kind: 'teacher' as const })),
  ];
}

async function progressOf(deps: AdjudicatorsDependencies, adjudicatorId: number, event: number) {
  const { db } = deps;
  const counts = await repo.countMarksOf(db, adjudicatorId);
  return { assigned: await countVisibleEntries(db, adjudicatorId, event), ...counts };
}

async function listAdjudicators(deps: AdjudicatorsDependencies): Promise<Adjudicator[]> {
  const { db } = deps;
  const event = await eventId(deps);
  const rows = await repo.findAdjudicators(db);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      firstName: r.firstName,
      surname: r.surname,
      email: r.email,
      assignments: await assignmentsOf(deps, r.id),
      conflicts: await conflictsOf(deps, r.id),
      progress: await progressOf(deps, r.id, event),
    })),
  );
}

/**
 * Makes an adjudicator account and tells them by email. An address that already signs in
 * to a family account is refused: an organiser cannot turn a family into staff (the
 * operator's `npm run staff:add` can).
 */
async function inviteAdjudicator(
  deps: AdjudicatorsDependencies,
  organiserId: number,
  input: InviteAdjudicator,
): Promise<Adjudicator> {
  const { db } = deps;
  const customerId = await createStaffAccount(db, { ...input, role: 'adjudicator' }, organiserId);
  if (customerId === undefined) throw accountExists();
  const letter = invitationEmail(
    'adjudicator',
    input.firstName,
    `${deps.publicUrl}${paths.login.href()}`,
  );
  await deps.outbox.enqueueEmail(input.email, letter.subject, letter.body);
  const event = await eventId(deps);
  const row = await assertAdjudicator(deps, customerId);
  return {
    id: row.id,
    firstName: row.firstName,
    surname: row.surname,
    email: row.email,
    assignments: [],
    conflicts: [],
    progress: await progressOf(deps, row.id, event),
  };
}

async function assign(
  deps: AdjudicatorsDependencies,
  organiserId: number,
  adjudicatorId: number,
  input: CreateAssignment,
) {
  const { db } = deps;
  const adjudicator = await assertAdjudicator(deps, adjudicatorId);
  // Work for someone who cannot sign in would wait for good (decision 019).
  if (adjudicator.deactivatedAt !== null) {
    throw new AppError(409, 'STAFF_DEACTIVATED', DEACTIVATION_MESSAGES.noAssignment);
  }
  const event = await eventId(deps);
  if (
    input.categoryId !== undefined &&
    !(await repo.isCategoryOfEvent(db, input.categoryId, event))
  ) {
    throw badRequest('CATEGORY_NOT_FOUND', 'There is no such category.');
  }
  const inserted = await repo.insertAssignment(db, {
    adjudicatorId,
    eventId: event,
    section: input.section ?? null,
    categoryId: input.categoryId ?? null,
  });
  if (!inserted) {
    throw new AppError(409, 'ALREADY_ASSIGNED', 'This adjudicator has this assignment already.');
  }
  await audit(db, {
    actorCustomerId: organiserId,
    action: 'adjudicator.assigned',
    entityType: 'customer',
    entityId: adjudicatorId,
    details: { ...input },
  });
  return assignmentsOf(deps, adjudicatorId);
}

async function unassign(
  deps: AdjudicatorsDependencies,
  organiserId: number,
  adjudicatorId: number,
  assignmentId: number,
) {
  const { db } = deps;
  const removed = await repo.deleteAssignment(db, adjudicatorId, assignmentId);
  if (!removed) throw notFound('ASSIGNMENT_NOT_FOUND', 'There is no such assignment.');
  await audit(db, {
    actorCustomerId: organiserId,
    action: 'adjudicator.unassigned',
    entityType: 'customer',
    entityId: adjudicatorId,
    details: { assignmentId },
  });
}

async function declareConflict(
  deps: AdjudicatorsDependencies,
  adjudicatorId: number,
  input: DeclareConflict,
): Promise<Conflict[]> {
  const { db } = deps;
  await repo.insertConflict(db, {
    adjudicatorId,
    kind: input.kind,
    label: input.name.trim().replace(/\s+/g, ' '),
    matchKey: foldName(input.name),
  });
  await audit(db, {
    actorCustomerId: adjudicatorId,
    action: 'conflict.declared',
    entityType: 'customer',
    entityId: adjudicatorId,
    details: { kind: input.kind },
  });
  return conflictsOf(deps, adjudicatorId);
}

/**
 * An organiser records an adjudicator's conflict with a teacher (decision 068): every learner
 * the teacher holds or entered is kept from the adjudicator from now on. Audited; kept for good,
 * as a declared conflict is (decision 008).
 */
async function recordTeacherConflict(
  deps: AdjudicatorsDependencies,
  organiserId: number,
  adjudicatorId: number,
  input: RecordTeacherConflict,
): Promise<Conflict[]> {
  const { db } = deps;
  await assertAdjudicator(deps, adjudicatorId);
  const teacher = await teacherRepo.findTeacher(db, input.teacherId);
  if (!teacher) throw notFound('TEACHER_NOT_FOUND', 'There is no such teacher.');
  const label = teacher.email ? `${teacher.name} (${teacher.email})` : teacher.name;
  const recorded = await teacherRepo.insertTeacherConflict(db, {
    adjudicatorId,
    teacherId: teacher.id,
    label,
    recordedBy: organiserId,
  });
  if (recorded) {
    await audit(db, {
      actorCustomerId: organiserId,
      action: 'conflict.teacher-recorded',
      entityType: 'customer',
      entityId: adjudicatorId,
      details: { teacherId: teacher.id },
    });
  }
  return conflictsOf(deps, adjudicatorId);
}

/** Organisers invite adjudicators and say what they mark; adjudicators declare conflicts. */
export function createAdjudicatorsService(deps: AdjudicatorsDependencies) {
  return {
    listAdjudicators: () => listAdjudicators(deps),

    inviteAdjudicator: (organiserId: number, input: InviteAdjudicator) =>
      inviteAdjudicator(deps, organiserId, input),

    assign: (organiserId: number, adjudicatorId: number, input: CreateAssignment) =>
      assign(deps, organiserId, adjudicatorId, input),

    unassign: (organiserId: number, adjudicatorId: number, assignmentId: number) =>
      unassign(deps, organiserId, adjudicatorId, assignmentId),

    conflictsOf: (adjudicatorId: number) => conflictsOf(deps, adjudicatorId),

    declareConflict: (adjudicatorId: number, input: DeclareConflict) =>
      declareConflict(deps, adjudicatorId, input),

    recordTeacherConflict: (
      organiserId: number,
      adjudicatorId: number,
      input: RecordTeacherConflict,
    ) => recordTeacherConflict(deps, organiserId, adjudicatorId, input),

    progressOf: (adjudicatorId: number, event: number) => progressOf(deps, adjudicatorId, event),
  };
}
