import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { learnerParents } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { createTeacher } from '../school-classes/school-classes.test-helpers.ts';

type Teacher = Awaited<ReturnType<typeof createTeacher>>;

/** Adds a learner with a parent's email to the teacher's class; returns its id. */
export async function learnerWithParent(
  teacher: Teacher,
  firstName: string,
  parentEmail: string | null,
) {
  const res = await teacher.addLearner({ firstName, surname: 'Mokoena', parentEmail });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** The token of the newest invitation the outbox holds for `to` (as the parent's link has it). */
export async function tokenSentTo(t: TestApp, to: string): Promise<string> {
  const [message] = await t.app.outbox.findByRecipient(to);
  const token = /\/invitation\/([A-Za-z0-9_-]{43})/.exec(message?.body ?? '')?.[1];
  if (!token) throw new Error(`no invitation for ${to}`);
  return token;
}

/** Moves a learner's invitation back in time (its sending and its end). */
export async function ageInvitation(t: TestApp, learnerId: number, days: number) {
  const [current] = await t.database.db
    .select()
    .from(learnerParents)
    .where(eq(learnerParents.participantProfileId, learnerId));
  const back = days * 86_400_000;
  await t.database.db
    .update(learnerParents)
    .set({
      invitedAt: new Date(current!.invitedAt.getTime() - back),
      expiresAt: new Date(current!.expiresAt.getTime() - back),
    })
    .where(eq(learnerParents.participantProfileId, learnerId));
}

export const consents = {
  acceptedHonourPledge: true,
  acceptedTermsAndConditions: true,
  acceptedMinorData: true,
};
