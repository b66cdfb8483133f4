import {
  foldName,
  type Adjudicator,
  type Assignment,
  type Conflict,
  type CreateAssignment,
  type DeclareConflict,
  type InviteAdjudicator,
  type Section,
  paths,
} from '@eisteddfod/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  adjudicatorAssignments,
  categories,
  conflictsOfInterest,
  customers,
  marks,
} from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import * as accountsRepo from '../accounts/accounts.repository.ts';
import type { Outbox } from '../outbox/outbox.service.ts';
import { countVisibleEntries } from './adjudication.repository.ts';
import { addStaffMember } from './staff-accounts.ts';

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
    const row = await accountsRepo.findCustomer(db, id);
    if (row?.role !== 'adjudicator') throw noAdjudicator(id);
    return row;
  }

  async function assignmentsOf(adjudicatorId: number): Promise<Assignment[]> {
    const rows = await db
      .select({
        id: adjudicatorAssignments.id,
        section: adjudicatorAssignments.section,
        categoryId: adjudicatorAssignments.categoryId,
        categoryName: categories.name,
        categorySection: categories.section,
      })
      .from(adjudicatorAssignments)
      .leftJoin(categories, eq(categories.id, adjudicatorAssignments.categoryId))
      .where(eq(adjudicatorAssignments.adjudicatorId, adjudicatorId))
      .orderBy(asc(adjudicatorAssignments.id));
    return rows.map((r) => ({
      id: r.id,
      section: (r.section as Section | null) ?? null,
      categoryId: r.categoryId,
      label: r.section ?? `${r.categoryName ?? '?'} (${r.categorySection ?? '?'})`,
    }));
  }

  async function conflictsOf(adjudicatorId: number): Promise<Conflict[]> {
    const rows = await db
      .select({
        id: conflictsOfInterest.id,
        kind: conflictsOfInterest.kind,
        label: conflictsOfInterest.label,
      })
      .from(conflictsOfInterest)
      .where(eq(conflictsOfInterest.adjudicatorId, adjudicatorId))
      .orderBy(asc(conflictsOfInterest.id));
    return rows.map((r) => ({ ...r, kind: r.kind === 'school' ? 'school' : 'contestant' }));
  }

  async function progressOf(adjudicatorId: number, event: number) {
    const [counts] = await db
      .select({
        drafts: sql<number>`count(*) filter (where ${marks.status} = 'draft')::int`,
        submitted: sql<number>`count(*) filter (where ${marks.status} = 'submitted')::int`,
      })
      .from(marks)
      .where(eq(marks.adjudicatorId, adjudicatorId));
    return {
      assigned: await countVisibleEntries(db, adjudicatorId, event),
      drafts: counts?.drafts ?? 0,
      submitted: counts?.submitted ?? 0,
    };
  }

  return {
    async listAdjudicators(): Promise<Adjudicator[]> {
      const event = await eventId();
      const rows = await db
        .select()
        .from(customers)
        .where(eq(customers.role, 'adjudicator'))
        .orderBy(asc(customers.surname), asc(customers.firstName));
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
      const existing = await accountsRepo.findCustomerIdByIdentity(
        db,
        'email',
        input.email.trim().toLowerCase(),
      );
      if (existing !== undefined) {
        throw new AppError(
          409,
          'ACCOUNT_EXISTS',
          'An account with this email address exists already.',
        );
      }
      const outcome = await addStaffMember(db, { ...input, role: 'adjudicator' }, organiserId);
      await deps.outbox.enqueueEmail(
        input.email,
        'You are invited to adjudicate at the Online Eisteddfod',
        [
          `Dear ${input.firstName},`,
          '',
          'You have been invited to adjudicate at the Online Eisteddfod.',
          `Sign in at ${deps.publicUrl}${paths.login.href()} with this email address; we will email you a one-time pin.`,
          'Your entries to mark are under Staff, Marking. Marking is blind: you see entry codes, not names.',
          'Please declare any conflict of interest (a school or a contestant) before you start.',
        ].join('\n'),
      );
      const event = await eventId();
      const row = await assertAdjudicator(outcome.customerId);
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
      await assertAdjudicator(adjudicatorId);
      const event = await eventId();
      if (input.categoryId !== undefined) {
        const [category] = await db
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.id, input.categoryId), eq(categories.eventId, event)));
        if (!category) throw badRequest('CATEGORY_NOT_FOUND', 'There is no such category.');
      }
      try {
        await db.insert(adjudicatorAssignments).values({
          adjudicatorId,
          eventId: event,
          section: input.section ?? null,
          categoryId: input.categoryId ?? null,
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
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
      const [removed] = await db
        .delete(adjudicatorAssignments)
        .where(
          and(
            eq(adjudicatorAssignments.id, assignmentId),
            eq(adjudicatorAssignments.adjudicatorId, adjudicatorId),
          ),
        )
        .returning({ id: adjudicatorAssignments.id });
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
      await db
        .insert(conflictsOfInterest)
        .values({
          adjudicatorId,
          kind: input.kind,
          label: input.name.trim().replace(/\s+/g, ' '),
          matchKey: foldName(input.name),
        })
        .onConflictDoNothing();
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
