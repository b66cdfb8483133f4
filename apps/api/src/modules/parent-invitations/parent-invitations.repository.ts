import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  customers,
  learnerParentContacts,
  learnerParents,
  participantProfiles,
  schoolMemberships,
  schools,
} from '../../db/schema/index.ts';

/** A learner's parent rows (decision 063): invitations, links, and the class's view of them. */

export type ParentRow = typeof learnerParents.$inferSelect;

/** A class's learners (its teacher's own) with the parent's address and row. */
export async function findClassLearnersWithParents(
  db: Database,
  membershipId: number,
  teacherId: number,
  learnerId?: number,
) {
  return db
    .select({
      id: participantProfiles.id,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      email: learnerParentContacts.email,
      mobile: learnerParentContacts.mobileNumber,
      parent: learnerParents,
    })
    .from(participantProfiles)
    .leftJoin(
      learnerParentContacts,
      eq(learnerParentContacts.participantProfileId, participantProfiles.id),
    )
    .leftJoin(learnerParents, eq(learnerParents.participantProfileId, participantProfiles.id))
    .where(
      and(
        eq(participantProfiles.schoolMembershipId, membershipId),
        eq(participantProfiles.customerId, teacherId),
        learnerId === undefined ? undefined : eq(participantProfiles.id, learnerId),
      ),
    )
    .orderBy(asc(participantProfiles.surname), asc(participantProfiles.firstName));
}
export type LearnerWithParent = Awaited<ReturnType<typeof findClassLearnersWithParents>>[number];

/** Learners of the class a parent took over: the teacher sees that they went, nothing since. */
export async function findTakenOver(db: Database, membershipId: number) {
  return db
    .select({
      id: participantProfiles.id,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      parent: learnerParents,
    })
    .from(learnerParents)
    .innerJoin(participantProfiles, eq(participantProfiles.id, learnerParents.participantProfileId))
    .where(
      and(eq(learnerParents.membershipId, membershipId), eq(learnerParents.state, 'taken-over')),
    )
    .orderBy(asc(participantProfiles.surname), asc(participantProfiles.firstName));
}

/** Writes a new invitation over the learner's row (a resend replaces the token). */
export async function saveInvitation(
  db: Database,
  row: Pick<
    ParentRow,
    | 'participantProfileId'
    | 'membershipId'
    | 'teacherCustomerId'
    | 'channel'
    | 'sentTo'
    | 'tokenHash'
    | 'invitedAt'
    | 'expiresAt'
  >,
): Promise<ParentRow | undefined> {
  const [saved] = await db
    .insert(learnerParents)
    .values({ ...row, state: 'invited' })
    .onConflictDoUpdate({
      target: learnerParents.participantProfileId,
      set: {
        membershipId: row.membershipId,
        teacherCustomerId: row.teacherCustomerId,
        channel: row.channel,
        sentTo: row.sentTo,
        tokenHash: row.tokenHash,
        invitedAt: row.invitedAt,
        expiresAt: row.expiresAt,
      },
      // Only an invitation not accepted is replaced: a link is never undone by a resend.
      setWhere: eq(learnerParents.state, 'invited'),
    })
    .returning();
  return saved;
}

/** An invitation by its token's hash, with the child, school and teacher it names. */
export async function findByTokenHash(db: Database, tokenHash: string, lock = false) {
  const query = db
    .select({
      parent: learnerParents,
      childFirstName: participantProfiles.firstName,
      childCustomerId: participantProfiles.customerId,
      schoolName: sql<string>`coalesce(${schools.name}, ${participantProfiles.school})`,
      teacherName: sql<string>`${customers.firstName} || ' ' || ${customers.surname}`,
      /** The country an invitation kept as national digits was sent with. */
      teacherCountry: customers.country,
    })
    .from(learnerParents)
    .innerJoin(participantProfiles, eq(participantProfiles.id, learnerParents.participantProfileId))
    .leftJoin(schoolMemberships, eq(schoolMemberships.id, learnerParents.membershipId))
    .leftJoin(schools, eq(schools.id, schoolMemberships.schoolId))
    .innerJoin(customers, eq(customers.id, participantProfiles.customerId))
    .where(eq(learnerParents.tokenHash, tokenHash));
  const [row] = await (lock ? query.for('update', { of: learnerParents }) : query);
  return row;
}

/** Marks the invitation accepted and the child's consents given, in the caller's transaction. */
export async function linkParent(db: Database, learnerId: number, parentId: number, at: Date) {
  await db
    .update(learnerParents)
    .set({
      state: 'linked',
      parentCustomerId: parentId,
      consentedAt: at,
      changedAt: at,
    })
    .where(eq(learnerParents.participantProfileId, learnerId));
  // The parent's Honour Pledge and Terms and Conditions, as a family gives them for its own
  // child (spec 5, Create contestant): what makes the child's name public (the gala's rule).
  await db
    .update(participantProfiles)
    .set({ acceptedTermsAt: at, acceptedHonourPledgeAt: at, updatedAt: at })
    .where(eq(participantProfiles.id, learnerId));
}

/** The children a parent is linked to (state 'linked'), or one of them. */
export async function findLinkedChildren(db: Database, parentId: number, learnerIds?: number[]) {
  return db
    .select({
      learnerId: participantProfiles.id,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
      grade: participantProfiles.grade,
      teacherId: participantProfiles.customerId,
      schoolName: sql<string>`coalesce(${schools.name}, ${participantProfiles.school})`,
      teacherName: sql<string>`${customers.firstName} || ' ' || ${customers.surname}`,
      state: learnerParents.state,
      linkedAt: learnerParents.consentedAt,
    })
    .from(learnerParents)
    .innerJoin(participantProfiles, eq(participantProfiles.id, learnerParents.participantProfileId))
    .innerJoin(customers, eq(customers.id, participantProfiles.customerId))
    .leftJoin(schools, eq(schools.id, participantProfiles.schoolId))
    .where(
      and(
        eq(learnerParents.parentCustomerId, parentId),
        eq(learnerParents.state, 'linked'),
        // Still held by a class: a learner the teacher's account no longer holds as a learner
        // (taken over, or the class's row gone) is not read through the link.
        sql`${participantProfiles.schoolMembershipId} is not null`,
        learnerIds ? inArray(participantProfiles.id, learnerIds) : undefined,
      ),
    )
    .orderBy(asc(participantProfiles.firstName));
}
export type LinkedChild = Awaited<ReturnType<typeof findLinkedChildren>>[number];

export async function setParentState(
  db: Database,
  learnerId: number,
  state: 'taken-over' | 'left',
  at: Date,
) {
  await db
    .update(learnerParents)
    .set({ state, changedAt: at })
    .where(eq(learnerParents.participantProfileId, learnerId));
}
