import type { DeclareConflict, Section } from '@eisteddfod/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { foldedSql } from '../../db/fold.ts';
import {
  adjudicatorAssignments,
  categories,
  conflictsOfInterest,
  customers,
  marks,
  schools,
} from '../../db/schema/index.ts';

/** Adjudicators' accounts, what they are assigned to mark, and their declared conflicts. */

export async function findAdjudicators(db: Database) {
  return db
    .select()
    .from(customers)
    .where(eq(customers.role, 'adjudicator'))
    .orderBy(asc(customers.surname), asc(customers.firstName));
}

/** An adjudicator's assignments, each with its category's name and section when it has one. */
export async function findAssignments(db: Database, adjudicatorId: number) {
  return db
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
}

export async function findConflicts(db: Database, adjudicatorId: number) {
  return db
    .select({
      id: conflictsOfInterest.id,
      kind: conflictsOfInterest.kind,
      label: conflictsOfInterest.label,
    })
    .from(conflictsOfInterest)
    .where(eq(conflictsOfInterest.adjudicatorId, adjudicatorId))
    .orderBy(asc(conflictsOfInterest.id));
}

/** How many of an adjudicator's marks are drafts and how many submitted. */
export async function countMarksOf(
  db: Database,
  adjudicatorId: number,
): Promise<{ drafts: number; submitted: number }> {
  const [counts] = await db
    .select({
      drafts: sql<number>`count(*) filter (where ${marks.status} = 'draft')::int`,
      submitted: sql<number>`count(*) filter (where ${marks.status} = 'submitted')::int`,
    })
    .from(marks)
    .where(eq(marks.adjudicatorId, adjudicatorId));
  return { drafts: counts?.drafts ?? 0, submitted: counts?.submitted ?? 0 };
}

export async function isCategoryOfEvent(
  db: Database,
  categoryId: number,
  eventId: number,
): Promise<boolean> {
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.eventId, eventId)));
  return Boolean(category);
}

/** False when the adjudicator has this assignment already. */
export async function insertAssignment(
  db: Database,
  values: {
    adjudicatorId: number;
    eventId: number;
    section: Section | null;
    categoryId: number | null;
  },
): Promise<boolean> {
  try {
    await db.insert(adjudicatorAssignments).values(values);
    return true;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return false;
  }
}

/** False when the adjudicator has no such assignment. */
export async function deleteAssignment(
  db: Database,
  adjudicatorId: number,
  assignmentId: number,
): Promise<boolean> {
  const [removed] = await db
    .delete(adjudicatorAssignments)
    .where(
      and(
        eq(adjudicatorAssignments.id, assignmentId),
        eq(adjudicatorAssignments.adjudicatorId, adjudicatorId),
      ),
    )
    .returning({ id: adjudicatorAssignments.id });
  return Boolean(removed);
}

/**
 * A conflict declared twice is kept once. A school conflict holds the school of the list whose
 * name it folds to, when there is one, so that it follows the school through a rename or a
 * merge (issue 30); declared again, it takes one it had not found the first time.
 */
export async function insertConflict(
  db: Database,
  values: { adjudicatorId: number; kind: DeclareConflict['kind']; label: string; matchKey: string },
): Promise<void> {
  const schoolId =
    values.kind === 'school'
      ? sql<number>`(select min(${schools.id}) from ${schools} where ${foldedSql(schools.name)} = ${values.matchKey})`
      : null;
  await db
    .insert(conflictsOfInterest)
    .values({ ...values, schoolId })
    .onConflictDoUpdate({
      target: [
        conflictsOfInterest.adjudicatorId,
        conflictsOfInterest.kind,
        conflictsOfInterest.matchKey,
      ],
      set: { schoolId: sql`coalesce(${conflictsOfInterest.schoolId}, excluded.school_id)` },
    });
}
