import type { Gender, KnownLearner } from '@eisteddfod/shared';
import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { learnersIn, type ClassReach } from '../teachers/index.ts';
import { foldedSql } from '../../db/fold.ts';
import {
  customers,
  learnerParentContacts,
  orderItems,
  orders,
  participantProfiles,
  schoolMemberships,
  schools,
} from '../../db/schema/index.ts';

/** The teachers' names of these classes, by class. */
export async function findTeacherNames(db: Database, membershipIds: number[]) {
  if (membershipIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({
      id: schoolMemberships.id,
      name: sql<string>`${customers.firstName} || ' ' || ${customers.surname}`,
    })
    .from(schoolMemberships)
    .innerJoin(customers, eq(customers.id, schoolMemberships.customerId))
    .where(inArray(schoolMemberships.id, membershipIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const entries = sql<number>`(
  select count(*)::int from ${orderItems} oi join ${orders} o on o.id = oi.order_id
   where oi.participant_profile_id = ${participantProfiles.id} and o.status <> 'cancelled')`;

/**
 * Learners of the classes `scope` covers (always a condition built on learnersIn: decision 061),
 * with their entries, parent's address and teacher, by name.
 */
async function findLearners(db: Database, scope: SQL) {
  return db
    .select({
      id: participantProfiles.id,
      membershipId: sql<number>`${participantProfiles.schoolMembershipId}`,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      grade: participantProfiles.grade,
      gender: participantProfiles.gender,
      school: participantProfiles.school,
      entries,
      parentEmail: learnerParentContacts.email,
      parentMobile: learnerParentContacts.mobileNumber,
      teacherName: sql<string>`${customers.firstName} || ' ' || ${customers.surname}`,
    })
    .from(participantProfiles)
    .innerJoin(customers, eq(customers.id, participantProfiles.customerId))
    .leftJoin(
      learnerParentContacts,
      eq(learnerParentContacts.participantProfileId, participantProfiles.id),
    )
    .where(scope)
    .orderBy(asc(participantProfiles.surname), asc(participantProfiles.firstName));
}
export type LearnerRow = Awaited<ReturnType<typeof findLearners>>[number];

/** The learners of one class the reach covers. */
export const findClassLearners = (db: Database, reach: ClassReach, membershipId: number) =>
  findLearners(
    db,
    and(learnersIn(reach), eq(participantProfiles.schoolMembershipId, membershipId))!,
  );

/** One learner the reach covers, if it does. */
export async function findLearner(db: Database, reach: ClassReach, learnerId: number) {
  const [row] = await findLearners(
    db,
    and(learnersIn(reach), eq(participantProfiles.id, learnerId))!,
  );
  return row;
}

/** Every learner the reach covers (a coordinator's school, given its class alone). */
export const findReachedLearners = (db: Database, reach: ClassReach) =>
  findLearners(db, learnersIn(reach));

/**
 * Every contestant the duplicate rule compares with at a school (decision 064): the learners of
 * its approved classes, and the families' children who name it (by its record or by its name).
 */
export async function findKnownLearners(
  db: Database,
  school: { schoolId: number; schoolName: string },
): Promise<KnownLearner[]> {
  const classes = db
    .select({ id: schoolMemberships.id })
    .from(schoolMemberships)
    .where(
      and(
        eq(schoolMemberships.schoolId, school.schoolId),
        eq(schoolMemberships.status, 'approved'),
      ),
    );
  return db
    .select({
      id: participantProfiles.id,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      grade: participantProfiles.grade,
      membershipId: participantProfiles.schoolMembershipId,
    })
    .from(participantProfiles)
    .where(
      or(
        inArray(participantProfiles.schoolMembershipId, classes),
        and(
          isNull(participantProfiles.schoolMembershipId),
          or(
            eq(participantProfiles.schoolId, school.schoolId),
            sql`${foldedSql(participantProfiles.school)} = ${foldedSql(sql`${school.schoolName}`)}`,
          ),
        ),
      ),
    );
}

/** Learners join a school's classes one transaction at a time, so the duplicate check holds. */
export async function takeSchoolTurn(db: Database, schoolId: number): Promise<void> {
  await db.execute(
    sql`select 1 from ${schools} where ${schools.id} = ${schoolId} for no key update`,
  );
}

export interface NewLearner {
  firstName: string;
  surname: string;
  grade: string;
  gender: Gender;
  parentEmail: string | null;
  parentMobile: string | null;
}

/** Adds learners to a class, held by its teacher's account, with their parents' addresses. */
export async function insertLearners(
  db: Database,
  cls: { customerId: number; membershipId: number; schoolId: number; schoolName: string },
  learners: NewLearner[],
  declaredAt: Date,
): Promise<number[]> {
  if (learners.length === 0) return [];
  const rows = await db
    .insert(participantProfiles)
    .values(
      learners.map((l) => ({
        customerId: cls.customerId,
        firstName: l.firstName,
        surname: l.surname,
        grade: l.grade,
        gender: l.gender,
        school: cls.schoolName,
        schoolId: cls.schoolId,
        schoolMembershipId: cls.membershipId,
        schoolConsentDeclaredAt: declaredAt,
      })),
    )
    .returning({ id: participantProfiles.id });
  const contacts = learners
    .map((l, i) => ({ l, id: rows[i]!.id }))
    .filter(({ l }) => l.parentEmail || l.parentMobile)
    .map(({ l, id }) => ({
      participantProfileId: id,
      email: l.parentEmail,
      mobileNumber: l.parentMobile,
    }));
  if (contacts.length > 0) await db.insert(learnerParentContacts).values(contacts);
  return rows.map((r) => r.id);
}

const ofClass = (cls: { customerId: number; membershipId: number }, learnerId: number) =>
  and(
    eq(participantProfiles.id, learnerId),
    eq(participantProfiles.customerId, cls.customerId),
    eq(participantProfiles.schoolMembershipId, cls.membershipId),
  );

/** Changes a learner of the class; false when the class has no such learner. */
export async function updateLearner(
  db: Database,
  cls: { customerId: number; membershipId: number },
  learnerId: number,
  learner: NewLearner,
): Promise<boolean> {
  const [row] = await db
    .update(participantProfiles)
    .set({
      firstName: learner.firstName,
      surname: learner.surname,
      grade: learner.grade,
      gender: learner.gender,
      updatedAt: new Date(),
    })
    .where(ofClass(cls, learnerId))
    .returning({ id: participantProfiles.id });
  if (!row) return false;
  await db
    .delete(learnerParentContacts)
    .where(eq(learnerParentContacts.participantProfileId, learnerId));
  if (learner.parentEmail || learner.parentMobile)
    await db.insert(learnerParentContacts).values({
      participantProfileId: learnerId,
      email: learner.parentEmail,
      mobileNumber: learner.parentMobile,
    });
  return true;
}

/** Entries of a learner in any order that is not cancelled (carts included). */
export async function countEntries(db: Database, learnerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.participantProfileId, learnerId), ne(orders.status, 'cancelled')));
  return row?.n ?? 0;
}

/** Removes a learner of the class; false when the class has no such learner. */
export async function deleteLearner(
  db: Database,
  cls: { customerId: number; membershipId: number },
  learnerId: number,
): Promise<boolean> {
  const rows = await db
    .delete(participantProfiles)
    .where(ofClass(cls, learnerId))
    .returning({ id: participantProfiles.id });
  return rows.length > 0;
}
