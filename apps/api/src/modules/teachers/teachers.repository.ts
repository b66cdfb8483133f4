import { OTHER_SCHOOL, type MembershipRole, type MembershipStatus } from '@eisteddfod/shared';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { foldedSql } from '../../db/fold.ts';
import {
  customers,
  participantProfiles,
  schoolMemberships,
  schools,
} from '../../db/schema/index.ts';

/** The schools a teacher may choose from: the list but 'Other School'. */
export async function findListedSchools(db: Database) {
  return db
    .select({ id: schools.id, name: schools.name, kind: schools.kind })
    .from(schools)
    .where(ne(schools.name, OTHER_SCHOOL))
    .orderBy(asc(schools.sortOrder), asc(schools.id));
}

export async function findListedSchool(db: Database, id: number) {
  const [row] = await db
    .select({ id: schools.id, name: schools.name, kind: schools.kind })
    .from(schools)
    .where(and(eq(schools.id, id), ne(schools.name, OTHER_SCHOOL)));
  return row;
}

// Learners each class holds, correlated with the outer membership row.
const learners = sql<number>`(select count(*)::int from ${participantProfiles} lp
  where lp.school_membership_id = "school_memberships"."id")`;

/** A membership with its school's name and kind (the proposed ones while there is no school). */
const membershipColumns = {
  id: schoolMemberships.id,
  customerId: schoolMemberships.customerId,
  schoolId: schoolMemberships.schoolId,
  schoolName: sql<string>`coalesce(${schools.name}, ${schoolMemberships.proposedSchoolName})`,
  kind: sql<
    'school' | 'studio'
  >`coalesce(${schools.kind}, ${schoolMemberships.proposedKind}, 'school')`,
  proposedSchoolName: schoolMemberships.proposedSchoolName,
  role: schoolMemberships.role,
  status: schoolMemberships.status,
  refusalReason: schoolMemberships.refusalReason,
  requestedAt: schoolMemberships.requestedAt,
  decidedAt: schoolMemberships.decidedAt,
};

export type MembershipView = {
  id: number;
  customerId: number;
  schoolId: number | null;
  schoolName: string;
  kind: 'school' | 'studio';
  proposedSchoolName: string | null;
  role: MembershipRole;
  status: MembershipStatus;
  refusalReason: string | null;
  requestedAt: Date;
  decidedAt: Date | null;
};

/** Every membership of one account, newest first. */
export async function findMemberships(db: Database, customerId: number): Promise<MembershipView[]> {
  return db
    .select(membershipColumns)
    .from(schoolMemberships)
    .leftJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .where(eq(schoolMemberships.customerId, customerId))
    .orderBy(sql`${schoolMemberships.requestedAt} desc`, sql`${schoolMemberships.id} desc`);
}

/** The membership, only when it is the account's. */
export async function findOwnMembership(db: Database, customerId: number, id: number) {
  const [row] = await db
    .select(membershipColumns)
    .from(schoolMemberships)
    .leftJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .where(and(eq(schoolMemberships.id, id), eq(schoolMemberships.customerId, customerId)));
  return row;
}

/** Requests waiting for an organiser, of one account. */
export async function countWaiting(db: Database, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schoolMemberships)
    .where(
      and(eq(schoolMemberships.customerId, customerId), eq(schoolMemberships.status, 'requested')),
    );
  return row?.n ?? 0;
}

/**
 * The account's open (waiting or approved) membership of a school: of the list by id, or a
 * proposed name (folded as the list's names are), whether or not that name is on the list now.
 */
export async function findOpen(
  db: Database,
  customerId: number,
  school: { id: number } | { name: string },
) {
  const ofSchool =
    'id' in school
      ? eq(schoolMemberships.schoolId, school.id)
      : sql`${foldedSql(sql`coalesce(${schools.name}, ${schoolMemberships.proposedSchoolName})`)} = ${foldedSql(sql`${school.name}`)}`;
  const [row] = await db
    .select(membershipColumns)
    .from(schoolMemberships)
    .leftJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .where(
      and(
        eq(schoolMemberships.customerId, customerId),
        inArray(schoolMemberships.status, ['requested', 'approved']),
        ofSchool,
      ),
    );
  return row;
}

export async function insertMembership(
  db: Database,
  values: typeof schoolMemberships.$inferInsert,
): Promise<number> {
  const [row] = await db
    .insert(schoolMemberships)
    .values(values)
    .returning({ id: schoolMemberships.id });
  if (!row) throw new Error('The request was not recorded');
  return row.id;
}

export async function deleteMembership(db: Database, id: number) {
  await db.delete(schoolMemberships).where(eq(schoolMemberships.id, id));
}

/** Changes a membership only while it is still in `from` (a decision taken once). */
export async function updateMembership(
  db: Database,
  id: number,
  from: MembershipStatus,
  values: Partial<typeof schoolMemberships.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(schoolMemberships)
    .set(values)
    .where(and(eq(schoolMemberships.id, id), eq(schoolMemberships.status, from)))
    .returning({ id: schoolMemberships.id });
  return rows.length === 1;
}

/** Memberships as the console shows them: the teacher's name and contacts, learners held. */
const staffColumns = {
  ...membershipColumns,
  teacherName: sql<string>`${customers.firstName} || ' ' || ${customers.surname}`,
  email: customers.email,
  mobileNumber: customers.mobileNumber,
  learners,
};

export type StaffMembershipRow = MembershipView & {
  teacherName: string;
  email: string | null;
  mobileNumber: string | null;
  learners: number;
};

/** Memberships in the given states, or of one school, or of one account, or one by id. */
export async function findStaffMemberships(
  db: Database,
  where: { statuses?: MembershipStatus[]; schoolId?: number; id?: number; customerId?: number },
): Promise<StaffMembershipRow[]> {
  return db
    .select(staffColumns)
    .from(schoolMemberships)
    .innerJoin(customers, eq(customers.id, schoolMemberships.customerId))
    .leftJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .where(
      and(
        where.statuses ? inArray(schoolMemberships.status, where.statuses) : undefined,
        where.schoolId === undefined ? undefined : eq(schoolMemberships.schoolId, where.schoolId),
        where.id === undefined ? undefined : eq(schoolMemberships.id, where.id),
        where.customerId === undefined
          ? undefined
          : eq(schoolMemberships.customerId, where.customerId),
      ),
    )
    .orderBy(
      sql`lower(coalesce(${schools.name}, ${schoolMemberships.proposedSchoolName}))`,
      asc(schoolMemberships.requestedAt),
      asc(schoolMemberships.id),
    );
}

/** The approved coordinator of a school, with their name, if any. */
export async function findCoordinator(db: Database, schoolId: number) {
  const [row] = await db
    .select({
      id: schoolMemberships.id,
      name: sql<string>`${customers.firstName} || ' ' || ${customers.surname}`,
    })
    .from(schoolMemberships)
    .innerJoin(customers, eq(customers.id, schoolMemberships.customerId))
    .where(
      and(
        eq(schoolMemberships.schoolId, schoolId),
        eq(schoolMemberships.role, 'coordinator'),
        eq(schoolMemberships.status, 'approved'),
      ),
    );
  return row;
}

/** Requests of one account are decided one at a time (its limit of requests waiting holds). */
export async function lockAccount(db: Database, customerId: number) {
  await db.execute(
    sql`select 1 from ${customers} where ${customers.id} = ${customerId} for update`,
  );
}
