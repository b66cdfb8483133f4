import {
  DEACTIVATION_MESSAGES,
  foldName,
  type Adjudicator,
  type Assignment,
  type Conflict,
  type CreateAssignment,
  type DeclareConflict,
  type InviteAdjudicator,
  paths,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { findCustomer } from '../accounts/index.ts';
import type { Outbox } from '../outbox/index.ts';
import { countVisibleEntries } from '../entries/index.ts';
import * as repo from './adjudicators.repository.ts';
import { accountExists, createStaffAccount, invitationEmail } from '../staff-members/index.ts';

export interface AdjudicatorsDependencies {
  db: Database;
  outbox: Outbox;
  publicUrl: string;
  currentEventId: () => Promise<number | undefined>;
}

const noAdjudicator = (id: number) =>
  notFound('ADJUDICATOR_NOT_FOUND', `There is no adjudicator with id ${id}`);

/** Organisers invite adjudicators and say what they mark; adjudicators declare conflicts. */
export function createAdjudicatorsService(deps: AdjudicatorsDependencies) {
  const { db } = deps;

  async function eventId(): Promise<number> {
    const id = await deps.currentEventId();
    if (id === undefined) throw notFound('EVENT_NOT_FOUND', 'There is no event yet.');
    return id;
  }

  async function assertAdjudicator(id: number) {
    const row = await findCustomer(db, id);
    if (row?.role !== 'adjudicator') throw noAdjudicator(id);
    return row;
  }

  async function assignmentsOf(adjudicatorId: number): Promise<Assignment[]> {
    const rows = await repo.findAssignments(db, adjudicatorId);
    return rows.map((r) => ({
      id: r.id,
      section: r.section ?? null,
      categoryId: r.categoryId,
      label: r.section ?? `${r.categoryName ?? '?'} (${r.categorySection ?? '?'})`,
    }));
  }

  async function conflictsOf(adjudicatorId: number): Promise<Conflict[]> {
    const rows = await repo.findConflicts(db, adjudicatorId);
    return rows.map((r) => ({ ...r, kind: r.kind === 'school' ? 'school' : 'contestant' }));
  }

  async function progressOf(adjudicatorId: number, event: number) {
    const counts = await repo.countMarksOf(db, adjudicatorId);
    return { assigned: await countVisibleEntries(db, adjudicatorId, event), ...counts };
  }

  return {
    async listAdjudicators(): Promise<Adjudicator[]> {
      const event = await eventId();
      const rows = await repo.findAdjudicators(db);
      return Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          firstName: r.firstName,
          surname: r.surname,
          email: r.email,
          assignments: await assignmentsOf(r.id),
          conflicts: await conflictsOf(r.id),
          progress: await progressOf(r.id, event),
        })),
      );
    },

    /**
     * Makes an adjudicator account and tells them by email. An address that already signs in
     * to a family account is refused: an organiser cannot turn a family into staff (the
     * operator's `npm run staff:add` can).
     */
    async inviteAdjudicator(organiserId: number, input: InviteAdjudicator): Promise<Adjudicator> {
      const customerId = await createStaffAccount(
        db,
        { ...input, role: 'adjudicator' },
        organiserId,
      );
      if (customerId === undefined) throw accountExists();
      const letter = invitationEmail(
        'adjudicator',
        input.firstName,
        `${deps.publicUrl}${paths.login.href()}`,
      );
      await deps.outbox.enqueueEmail(input.email, letter.subject, letter.body);
      const event = await eventId();
      const row = await assertAdjudicator(customerId);
      return {
        id: row.id,
        firstName: row.firstName,
        surname: row.surname,
        email: row.email,
        assignments: [],
        conflicts: [],
        progress: await progressOf(row.id, event),
      };
    },

    async assign(organiserId: number, adjudicatorId: number, input: CreateAssignment) {
      const adjudicator = await assertAdjudicator(adjudicatorId);
      // Work for someone who cannot sign in would wait for good (decision 019).
      if (adjudicator.deactivatedAt !== null) {
        throw new AppError(409, 'STAFF_DEACTIVATED', DEACTIVATION_MESSAGES.noAssignment);
      }
      const event = await eventId();
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
        throw new AppError(
          409,
          'ALREADY_ASSIGNED',
          'This adjudicator has this assignment already.',
        );
      }
      await audit(db, {
        actorCustomerId: organiserId,
        action: 'adjudicator.assigned',
        entityType: 'customer',
        entityId: adjudicatorId,
        details: { ...input },
      });
      return assignmentsOf(adjudicatorId);
    },

    async unassign(organiserId: number, adjudicatorId: number, assignmentId: number) {
      const removed = await repo.deleteAssignment(db, adjudicatorId, assignmentId);
      if (!removed) throw notFound('ASSIGNMENT_NOT_FOUND', 'There is no such assignment.');
      await audit(db, {
        actorCustomerId: organiserId,
        action: 'adjudicator.unassigned',
        entityType: 'customer',
        entityId: adjudicatorId,
        details: { assignmentId },
      });
    },

    conflictsOf,

    async declareConflict(adjudicatorId: number, input: DeclareConflict): Promise<Conflict[]> {
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
      return conflictsOf(adjudicatorId);
    },

    progressOf,
  };
}
