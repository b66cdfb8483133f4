import { OTHER_SCHOOL } from '@eisteddfod/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { foldedSql } from '../../db/fold.ts';
import {
  conflictsOfInterest,
  groupParticipants,
  participantProfiles,
  schools,
} from '../../db/schema/index.ts';

// Correlated with the outer row by name: drizzle writes a column inside sql`` without its table.
const contestants = sql<number>`(
  (select count(*)::int from ${participantProfiles} p where p.school = "schools"."name") +
  (select count(*)::int from ${groupParticipants} g where g.school = "schools"."name"))`;

export type CountedSchoolRow = { id: number; name: string; contestants: number };

export async function listSchools(db: Database): Promise<CountedSchoolRow[]> {
  return db
    .select({ id: schools.id, name: schools.name, contestants })
    .from(schools)
    .orderBy(asc(schools.sortOrder), asc(schools.id));
}

export async function findSchool(db: Database, id: number): Promise<CountedSchoolRow | undefined> {
  const [row] = await db
    .select({ id: schools.id, name: schools.name, contestants })
    .from(schools)
    .where(eq(schools.id, id));
  return row;
}

/** Schools change one at a time, cluster-wide: a rename and a merge of one school meet here. */
export async function takeTurn(db: Database): Promise<void> {
  await db.execute(sql`lock table ${schools} in share row exclusive mode`);
}

/** The school of that name whatever its case, if any. */
export async function findByName(db: Database, name: string) {
  const [row] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(sql`lower(${schools.name}) = lower(${name})`);
  return row;
}

export async function insertSchool(db: Database, name: string): Promise<number> {
  const [row] = await db.insert(schools).values({ name }).returning({ id: schools.id });
  if (!row) throw new Error('The school was not added');
  return row.id;
}

/** Renames a school and every contestant and group member who names it. */
export async function renameSchool(db: Database, from: string, to: string, id: number) {
  await db.update(schools).set({ name: to }).where(eq(schools.id, id));
  await moveContestants(db, from, to);
}

/** Contestants and group members of school `from` now name `to`. */
export async function moveContestants(db: Database, from: string, to: string) {
  await db
    .update(participantProfiles)
    .set({ school: to })
    .where(eq(participantProfiles.school, from));
  await db.update(groupParticipants).set({ school: to }).where(eq(groupParticipants.school, from));
}

/**
 * School conflicts of interest that hold no school yet take the school of the list they name:
 * those declared before the school was added, or by the release before issue 30. Run before a
 * rename or a merge, so that every conflict with the school follows it.
 */
export async function linkConflicts(db: Database) {
  const named = sql`(select min(${schools.id}) from ${schools} where ${foldedSql(schools.name)} = ${conflictsOfInterest.matchKey})`;
  await db
    .update(conflictsOfInterest)
    .set({ schoolId: named })
    .where(
      and(
        eq(conflictsOfInterest.kind, 'school'),
        isNull(conflictsOfInterest.schoolId),
        sql`${named} is not null`,
      ),
    );
}

/** Conflicts of interest with school `from` are with school `to` now (a merge). */
export async function moveConflicts(db: Database, from: number, to: number) {
  await db
    .update(conflictsOfInterest)
    .set({ schoolId: to })
    .where(eq(conflictsOfInterest.schoolId, from));
}

export async function deleteSchool(db: Database, id: number) {
  await db.delete(schools).where(eq(schools.id, id));
}

/** The forms' order: 'Other School' first (spec 9), then by name. */
export async function reorder(db: Database) {
  await db.execute(sql`
    update ${schools} set sort_order = r.n
      from (select id, row_number() over (order by (name = ${OTHER_SCHOOL}) desc, lower(name)) - 1 as n
              from ${schools}) r
     where "schools"."id" = r.id`);
}
