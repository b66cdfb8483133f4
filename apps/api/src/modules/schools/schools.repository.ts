import { OTHER_SCHOOL, type SchoolKind } from '@eisteddfod/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { foldedSql } from '../../db/fold.ts';
import {
  conflictsOfInterest,
  groupParticipants,
  participantProfiles,
  schoolMemberships,
  schools,
} from '../../db/schema/index.ts';

// Correlated with the outer row by name: drizzle writes a column inside sql`` without its table.
const contestants = sql<number>`(
  (select count(*)::int from ${participantProfiles} p where p.school = "schools"."name") +
  (select count(*)::int from ${groupParticipants} g where g.school = "schools"."name"))`;

// Teachers approved to act for the school (decision 061).
const teachers = sql<number>`(select count(*)::int from ${schoolMemberships} m
  where m.school_id = "schools"."id" and m.status = 'approved')`;

const countedColumns = {
  id: schools.id,
  name: schools.name,
  kind: schools.kind,
  contestants,
  teachers,
};

export type CountedSchoolRow = {
  id: number;
  name: string;
  kind: SchoolKind;
  contestants: number;
  teachers: number;
};

export async function listSchools(db: Database): Promise<CountedSchoolRow[]> {
  return db.select(countedColumns).from(schools).orderBy(asc(schools.sortOrder), asc(schools.id));
}

export async function findSchool(db: Database, id: number): Promise<CountedSchoolRow | undefined> {
  const [row] = await db.select(countedColumns).from(schools).where(eq(schools.id, id));
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

export async function insertSchool(db: Database, name: string, kind: SchoolKind): Promise<number> {
  const [row] = await db.insert(schools).values({ name, kind }).returning({ id: schools.id });
  if (!row) throw new Error('The school was not added');
  return row.id;
}

/** Renames a school and every contestant and group member who names it; links stay. */
export async function renameSchool(
  db: Database,
  from: string,
  to: string,
  id: number,
  kind: SchoolKind | undefined,
) {
  await db
    .update(schools)
    .set({ name: to, ...(kind ? { kind } : {}) })
    .where(eq(schools.id, id));
  await moveContestants(db, from, to);
}

/**
 * Contestants of no school whose typed name is this school's, folded as migration 0033 folds
 * it (case and runs of spaces), now attend it. Returns how many.
 */
export async function linkByName(db: Database, id: number, name: string): Promise<number> {
  if (name === OTHER_SCHOOL) return 0;
  const rows = await db
    .update(participantProfiles)
    .set({ schoolId: id })
    .where(
      and(
        isNull(participantProfiles.schoolId),
        sql`${foldedSql(participantProfiles.school)} = ${foldedSql(sql`${name}`)}`,
      ),
    )
    .returning({ id: participantProfiles.id });
  // Group members who typed the name attend it too (migration 0039); counted with contestants.
  const members = await db
    .update(groupParticipants)
    .set({ schoolId: id })
    .where(
      and(
        isNull(groupParticipants.schoolId),
        sql`${foldedSql(groupParticipants.school)} = ${foldedSql(sql`${name}`)}`,
      ),
    )
    .returning({ id: groupParticipants.id });
  return rows.length + members.length;
}

/**
 * A merge: the duplicate's contestants attend the school that stays, and its memberships move
 * there. A teacher with an open membership at both keeps the one that stays (the other is
 * closed, its learners join the class that stays); a second approved coordinator becomes a
 * teacher, as a school has one.
 */
export async function moveLinksAndMemberships(db: Database, from: number, to: number) {
  await db
    .update(participantProfiles)
    .set({ schoolId: to })
    .where(eq(participantProfiles.schoolId, from));
  await db
    .update(groupParticipants)
    .set({ schoolId: to })
    .where(eq(groupParticipants.schoolId, from));
  await db.execute(sql`
    with twin as (
      select d.id as dup, k.id as kept from ${schoolMemberships} d
        join ${schoolMemberships} k on k.customer_id = d.customer_id and k.school_id = ${to}
         and k.status in ('requested', 'approved')
       where d.school_id = ${from} and d.status in ('requested', 'approved'))
    update ${participantProfiles} set school_membership_id = twin.kept
      from twin where ${participantProfiles.schoolMembershipId} = twin.dup`);
  await db.execute(sql`
    update ${schoolMemberships} d
       set status = case when d.status = 'approved' then 'ended' else 'refused' end,
           refusal_reason = case when d.status = 'requested' then 'The school was merged with another you act for.' else d.refusal_reason end,
           decided_at = now()
     where d.school_id = ${from} and d.status in ('requested', 'approved')
       and exists (select 1 from ${schoolMemberships} k where k.customer_id = d.customer_id
                     and k.school_id = ${to} and k.status in ('requested', 'approved'))`);
  await db.execute(sql`
    update ${schoolMemberships} d set role = 'teacher'
     where d.school_id = ${from} and d.role = 'coordinator' and d.status = 'approved'
       and exists (select 1 from ${schoolMemberships} k where k.school_id = ${to}
                     and k.role = 'coordinator' and k.status = 'approved')`);
  await db
    .update(schoolMemberships)
    .set({ schoolId: to })
    .where(eq(schoolMemberships.schoolId, from));
}

type TypedName = { key: string; name: string; contestants: number };

/** Typed names of one table's rows with no school yet, folded, with how many each. */
function unlinkedIn(
  db: Database,
  table: typeof participantProfiles | typeof groupParticipants,
): Promise<TypedName[]> {
  const key = foldedSql(table.school);
  return db
    .select({
      key: sql<string>`${key}`,
      name: sql<string>`mode() within group (order by ${table.school})`,
      contestants: sql<number>`count(*)::int`,
    })
    .from(table)
    .where(
      and(
        isNull(table.schoolId),
        sql`${table.school} <> ${OTHER_SCHOOL}`,
        sql`btrim(${table.school}) <> ''`,
      ),
    )
    .groupBy(key);
}

/**
 * Typed school names no school of the list is linked for, with how many contestants and group
 * members each, most first.
 */
export async function findUnlinkedNames(db: Database): Promise<TypedName[]> {
  const byKey = new Map<string, TypedName>();
  for (const table of [participantProfiles, groupParticipants] as const) {
    for (const row of await unlinkedIn(db, table)) {
      const seen = byKey.get(row.key);
      // The contestants' own spelling wins: they were listed first.
      if (seen) seen.contestants += row.contestants;
      else byKey.set(row.key, { ...row });
    }
  }
  return [...byKey.values()].sort(
    (a, b) => b.contestants - a.contestants || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

/** Contestants and group members linked to the school, whoever entered them. */
export async function countLinked(db: Database, id: number): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`(select count(*)::int from ${participantProfiles} where ${eq(participantProfiles.schoolId, id)})
        + (select count(*)::int from ${groupParticipants} where ${eq(groupParticipants.schoolId, id)})`,
    })
    .from(sql`(select 1) as one`);
  return row?.n ?? 0;
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
