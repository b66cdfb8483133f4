import type { Section } from '@eisteddfod/shared';
import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { foldedSql } from '../../db/fold.ts';
import type { EntryScope } from '../../plugins/scope.ts';
import {
  adjudicatorAssignments,
  categories,
  certificates,
  conflictsOfInterest,
  customers,
  groupParticipants,
  items,
  marks,
  orderItems,
  orders,
  participantProfiles,
  schools,
} from '../../db/schema/index.ts';
import { touchesSchoolOrTeacherOf } from './school-conflicts.repository.ts';

/**
 * An entry is ready for marking once it is finalised (spec 4, Finalising), not withdrawn, and
 * its order is paid, in the event the portal serves.
 */
export function isMarkable(eventId: number): SQL {
  return and(
    eq(orders.status, 'paid'),
    eq(orderItems.isSubmittedForMarking, true),
    eq(orderItems.isCancelled, false),
    eq(items.eventId, eventId),
  ) as SQL;
}

/**
 * What adjudicator `adjudicatorId` may see: entries of a section or category assigned to them,
 * that no declared conflict touches (the contestant or any group member, by name or school),
 * and that no other adjudicator has started marking. `adjudicatorId` may be a column (the
 * dashboard counts every adjudicator's entries in one query). Needs the joins of
 * `entriesQuery`: orders, items, categories, participant profiles and (left) marks.
 *
 * A school conflict matches the name as declared and, when it holds a school of the list, that
 * school's name today: a rename or a merge moves the contestants to a new name, and the conflict
 * follows through its school (issue 30). Matching both hides more, never less. Schools the
 * adjudicator teaches at, and teachers they declared, keep their learners away by the records
 * too (issue 35, decision 068: `touchesSchoolOrTeacherOf`).
 */
export function isVisibleTo(adjudicatorId: number | AnyPgColumn, eventId: number): SQL {
  const conflictSchool = sql`(select ${foldedSql(schools.name)} from ${schools} where ${schools.id} = ${conflictsOfInterest.schoolId})`;
  const isSchool = (name: SQLWrapper) =>
    sql`${foldedSql(name)} in (${conflictsOfInterest.matchKey}, ${conflictSchool})`;
  const isContestant = (first: AnyPgColumn, surname: AnyPgColumn) =>
    sql`${foldedSql(sql`${first} || ' ' || ${surname}`)} = ${conflictsOfInterest.matchKey}`;
  const anyMember = (test: SQL) =>
    sql`exists (select 1 from ${groupParticipants} where ${groupParticipants.orderItemId} = ${orderItems.id} and ${test})`;
  return sql`(
    ${orders.customerId} <> ${adjudicatorId}
    and exists (
      select 1 from ${adjudicatorAssignments}
      where ${adjudicatorAssignments.adjudicatorId} = ${adjudicatorId}
        and ((${adjudicatorAssignments.eventId} = ${eventId} and ${adjudicatorAssignments.section} = ${categories.section})
          or ${adjudicatorAssignments.categoryId} = ${categories.id})
    )
    and not exists (
      select 1 from ${conflictsOfInterest}
      where ${conflictsOfInterest.adjudicatorId} = ${adjudicatorId}
        and (
          (${conflictsOfInterest.kind} = 'school'
            and (${isSchool(participantProfiles.school)} or ${anyMember(isSchool(groupParticipants.school))}))
          or (${conflictsOfInterest.kind} = 'contestant'
            and (${isContestant(participantProfiles.firstName, participantProfiles.surname)}
              or ${anyMember(isContestant(groupParticipants.firstName, groupParticipants.surname))}))
        )
    )
    and not ${touchesSchoolOrTeacherOf(adjudicatorId)}
    and (${marks.adjudicatorId} is null or ${marks.adjudicatorId} = ${adjudicatorId})
  )`;
}

/**
 * The entries a staff caller's scope reaches (plugins/scope.ts), as a condition on
 * `orderItems.id` that needs no join of its own: any query over order items can take it.
 */
export function entriesIn(scope: EntryScope, eventId: number): SQL | undefined {
  if (scope.kind === 'any') return undefined;
  const reached = new QueryBuilder()
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(isVisibleTo(scope.adjudicatorId, eventId));
  return inArray(orderItems.id, reached);
}

const entryColumns = {
  orderItemId: orderItems.id,
  orderId: orderItems.orderId,
  customerId: orders.customerId,
  itemCode: items.code,
  itemTitle: items.shortDescription,
  itemDescription: items.description,
  isGroupItem: items.isGroupItem,
  instruments: orderItems.instruments,
  categoryId: categories.id,
  categoryName: categories.name,
  section: categories.section,
  markId: marks.id,
  markStatus: marks.status,
  markTotal: marks.total,
  markAdjudicatorId: marks.adjudicatorId,
  publishedAt: marks.publishedAt,
};
export type EntryRow = Awaited<ReturnType<typeof findEntriesInScope>>[number];

function entriesQuery(db: Database) {
  return db
    .select(entryColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id));
}

/** The blind list: no names or schools are selected at all. */
export async function findEntriesInScope(
  db: Database,
  scope: EntryScope,
  eventId: number,
  orderItemId?: number,
) {
  return entriesQuery(db)
    .where(
      and(
        isMarkable(eventId),
        entriesIn(scope, eventId),
        orderItemId === undefined ? undefined : eq(orderItems.id, orderItemId),
      ),
    )
    .orderBy(asc(categories.sortOrder), asc(items.code), asc(orderItems.id));
}

export async function countVisibleEntries(
  db: Database,
  adjudicatorId: number,
  eventId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(and(isMarkable(eventId), isVisibleTo(adjudicatorId, eventId)));
  return row?.n ?? 0;
}

/**
 * Finalised entries no active adjudicator can mark and nobody has started (the task list, issue
 * 34): no assignment covers their section or category, or every adjudicator it covers declared a
 * conflict with them. The same rule as an adjudicator's list (`isVisibleTo`), for all at once.
 */
export async function countEntriesNobodyCanMark(db: Database, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(
      and(
        isMarkable(eventId),
        isNull(marks.id),
        sql`not exists (select 1 from ${customers} where ${customers.role} = 'adjudicator'
          and ${customers.deactivatedAt} is null and ${isVisibleTo(customers.id, eventId)})`,
      ),
    );
  return row?.n ?? 0;
}

/** For organisers (not blind): every markable entry in scope with its contestant, school and mark. */
export async function findEntriesForReview(
  db: Database,
  scope: EntryScope,
  eventId: number,
  section?: Section,
) {
  const adjudicator = sql<
    string | null
  >`(select ${customers.firstName} || ' ' || ${customers.surname} from ${customers} where ${customers.id} = ${marks.adjudicatorId})`;
  const certificateCount = sql<number>`(select count(*)::int from ${certificates} where ${certificates.orderItemId} = ${orderItems.id} and ${certificates.supersededAt} is null and ${certificates.sectionWinnerId} is null)`;
  return db
    .select({
      ...entryColumns,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      school: participantProfiles.school,
      groupName: orderItems.groupName,
      adjudicator,
      certificates: certificateCount,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(
      and(
        isMarkable(eventId),
        entriesIn(scope, eventId),
        section ? eq(categories.section, section) : undefined,
      ),
    )
    .orderBy(asc(categories.sortOrder), asc(items.code), asc(orderItems.id));
}

/** The order items among `ids` whose results are published (for the uploads portal). */
export async function publishedOrderItemIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: marks.orderItemId })
    .from(marks)
    .where(and(inArray(marks.orderItemId, ids), isNotNull(marks.publishedAt)));
  return new Set(rows.map((r) => r.id));
}
