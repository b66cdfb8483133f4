import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MembershipRole } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import {
  customers,
  participantProfiles,
  schoolMemberships,
  schools,
} from '../../db/schema/index.ts';

/** One approved membership: a class at a school, and whether its holder coordinates it. */
export interface HeldClass {
  membershipId: number;
  schoolId: number;
  schoolName: string;
  role: MembershipRole;
}

/**
 * What a family account reaches as a teacher (decision 061): the classes of its approved
 * memberships. Empty for a family that teaches nowhere, so every school read refuses it.
 */
export interface ClassReach {
  customerId: number;
  classes: HeldClass[];
}

export async function findClassReach(db: Database, customerId: number): Promise<ClassReach> {
  const classes = await db
    .select({
      membershipId: schoolMemberships.id,
      schoolId: schools.id,
      schoolName: schools.name,
      role: schoolMemberships.role,
    })
    .from(schoolMemberships)
    .innerJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .where(
      and(eq(schoolMemberships.customerId, customerId), eq(schoolMemberships.status, 'approved')),
    )
    .orderBy(schools.name);
  return { customerId, classes };
}

/**
 * The learners a reach covers, as a condition on `participant_profiles`: a teacher's own
 * classes, and every approved class of a school they coordinate. Never a family's own child
 * (those have no class), and nothing at all for an empty reach.
 */
export function learnersIn(reach: ClassReach): SQL {
  const own = reach.classes.map((c) => c.membershipId);
  const coordinated = reach.classes.filter((c) => c.role === 'coordinator').map((c) => c.schoolId);
  if (own.length === 0) return sql`false`;
  const ofOwnClass = inArray(participantProfiles.schoolMembershipId, own);
  if (coordinated.length === 0) return ofOwnClass;
  return sql`(${ofOwnClass} or ${participantProfiles.schoolMembershipId} in (
    select ${schoolMemberships.id} from ${schoolMemberships}
    where ${inArray(schoolMemberships.schoolId, coordinated)}
      and ${schoolMemberships.status} = 'approved'))`;
}

/** Which learners the condition reaches: one class, or every class of a coordinated school. */
export function classScope(reach: ClassReach, membershipId: number, wholeSchool?: number): SQL {
  const scope = wholeSchool
    ? sql`${participantProfiles.schoolMembershipId} in (select ${schoolMemberships.id}
        from ${schoolMemberships} where ${schoolMemberships.schoolId} = ${wholeSchool})`
    : eq(participantProfiles.schoolMembershipId, membershipId);
  return and(learnersIn(reach), scope)!;
}

/** An approved class of a school, with its teacher's name. */
export async function findApprovedClass(db: Database, membershipId: number) {
  const [row] = await db
    .select({
      membershipId: schoolMemberships.id,
      customerId: schoolMemberships.customerId,
      schoolId: schools.id,
      schoolName: schools.name,
      teacherName: sql<string>`${customers.firstName} || ' ' || ${customers.surname}`,
    })
    .from(schoolMemberships)
    .innerJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .innerJoin(customers, eq(customers.id, schoolMemberships.customerId))
    .where(and(eq(schoolMemberships.id, membershipId), eq(schoolMemberships.status, 'approved')));
  return row;
}
