import type { ClassParents, InvitationSummary, SchoolChild } from '@eisteddfod/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, learnerParents, loginIdentities } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSchool, createTeacher } from '../school-classes/school-classes.test-helpers.ts';
import {
  ageInvitation,
  consents,
  learnerWithParent,
  tokenSentTo,
} from './parent-invitations.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const accept = (parent: Awaited<ReturnType<typeof createFamily>>, token: string, body = consents) =>
  parent.call('POST', `/api/Customers/${parent.id}/ParentInvitations/${token}/Accept`, body);

const stateOf = async (teacher: Awaited<ReturnType<typeof createTeacher>>, learnerId: number) => {
  const res = await teacher.call('GET', `${teacher.base}/Parents`);
  expect(res.statusCode).toBe(200);
  return res.json<ClassParents>().find((p) => p.learnerId === learnerId)?.state;
};

describe("a teacher invites a learner's parent", () => {
  it('sends one link by email, again only after a day; another teacher reaches nothing', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id);
    const other = await createTeacher(t, school.id);
    const email = `parent.${Date.now()}@example.org`;
    const learner = await learnerWithParent(teacher, 'Naledi', email);
    const bare = await learnerWithParent(teacher, 'Kabelo', null);
    expect(await stateOf(teacher, learner)).toBe('not-invited');
    expect(await stateOf(teacher, bare)).toBe('no-contact');

    const url = `${teacher.base}/Learners/${learner}/Invitation`;
    const first = await teacher.call('POST', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ state: 'invited', channel: 'email' });
    expect(await t.app.outbox.findByRecipient(email)).toHaveLength(1);
    // A double tap sends nothing more, and the link sent stands.
    expect((await teacher.call('POST', url)).statusCode).toBe(200);
    expect(await t.app.outbox.findByRecipient(email)).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(learnerParents)
      .where(eq(learnerParents.participantProfileId, learner));
    const token = await tokenSentTo(t, email);
    // Only the token's hash is kept.
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const noAddress = await teacher.call('POST', `${teacher.base}/Learners/${bare}/Invitation`);
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json()).toMatchObject({ code: 'NO_PARENT_CONTACT' });
    const theirs = await other.call(
      'POST',
      `/api/Customers/${other.id}/Classes/${teacher.classId}/Learners/${learner}/Invitation`,
    );
    expect(theirs.statusCode).toBe(404);
    const ownClass = await other.call('POST', `${other.base}/Learners/${learner}/Invitation`);
    expect(ownClass.statusCode).toBe(404);

    // A day on, a resend makes a new link; the old one no longer opens.
    await ageInvitation(t, learner, 1);
    expect((await teacher.call('POST', url)).statusCode).toBe(200);
    const newer = await tokenSentTo(t, email);
    expect(newer).not.toBe(token);
    expect((await t.app.inject({ url: `/api/ParentInvitations/${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/ParentInvitations/${newer}` })).statusCode).toBe(200);
  });

  it('invites all not yet invited, by WhatsApp when there is only a mobile number', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id);
    await learnerWithParent(teacher, 'Ayo', `ayo.${Date.now()}@example.org`);
    const mobile = `0829${String(Date.now()).slice(-6)}`;
    const res = await teacher.addLearner({
      firstName: 'Zola',
      surname: 'Mokoena',
      parentMobile: mobile,
    });
    expect(res.statusCode, res.body).toBe(201);
    await learnerWithParent(teacher, 'Thabo', null);

    const all = await teacher.call('POST', `${teacher.base}/Invitations`);
    expect(all.json()).toEqual({ sent: 2, skipped: 0 });
    const [whatsApp] = await t.app.outbox.findByRecipient(mobile);
    expect(whatsApp).toMatchObject({ channel: 'whatsapp', recipient: `+27${mobile.slice(1)}` });
    // A message the portal starts: WhatsApp delivers it only as an approved template.
    expect(whatsApp!.payload).toMatchObject({
      template: 'eisteddfod_parent_invitation',
      parameters: [
        expect.any(String),
        school.name,
        'Zola',
        expect.stringContaining('/invitation/'),
        '14',
      ],
    });
    expect((await teacher.call('POST', `${teacher.base}/Invitations`)).json()).toEqual({
      sent: 0,
      skipped: 2,
    });
  });
});

/**
 * A learner's parent invited by WhatsApp on a South African number, and a United Kingdom
 * account that proved the same national digits (+44 …), as a sign-in and a contact detail.
 */
async function invitedMobileProvedAbroad(prefix: string, firstName: string) {
  const school = await createSchool(t);
  const teacher = await createTeacher(t, school.id);
  const mobile = `${prefix}${String(Date.now()).slice(-6)}`;
  const res = await teacher.addLearner({ firstName, surname: 'Mokoena', parentMobile: mobile });
  expect(res.statusCode, res.body).toBe(201);
  await teacher.call('POST', `${teacher.base}/Invitations`);
  const [whatsApp] = await t.app.outbox.findByRecipient(mobile);
  const token = /\/invitation\/([A-Za-z0-9_-]{43})/.exec(whatsApp!.body)![1]!;
  const abroad = await createFamily(t);
  const digits = mobile.slice(1);
  const proved = new Date();
  await t.database.db
    .update(customers)
    .set({ country: 'United Kingdom', mobileNumber: digits, mobileVerifiedAt: proved })
    .where(eq(customers.id, abroad.id));
  await t.database.db
    .insert(loginIdentities)
    .values({ customerId: abroad.id, channel: 'mobile', identifier: digits, verifiedAt: proved });
  return { token, abroad, digits };
}

describe('the parent accepts', () => {
  it("links only the account that proved the invited address, with the parent's consents, once", async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id);
    const parent = await createFamily(t);
    const stranger = await createFamily(t);
    const learner = await learnerWithParent(teacher, 'Naledi', parent.email);
    await learnerWithParent(teacher, 'Classmate', `classmate.${Date.now()}@example.org`);
    await teacher.call('POST', `${teacher.base}/Invitations`);
    const token = await tokenSentTo(t, parent.email);

    const summary = await t.app.inject({ url: `/api/ParentInvitations/${token}` });
    expect(summary.json<InvitationSummary>()).toMatchObject({
      childFirstName: 'Naledi',
      schoolName: school.name,
      channel: 'email',
    });
    expect(summary.body).not.toContain('Mokoena');
    expect(summary.body).not.toContain(parent.email);
    const bogus = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await t.app.inject({ url: `/api/ParentInvitations/${bogus}` })).statusCode).toBe(404);

    // A link forwarded to someone else links nobody, and stays usable by the parent.
    const forwarded = await accept(stranger, token);
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.json()).toMatchObject({ code: 'INVITATION_NOT_YOURS' });
    // The teacher, who holds the child, is not the parent either.
    expect((await accept(teacher, token)).statusCode).toBe(409);
    const noConsent = await accept(parent, token, { ...consents, acceptedMinorData: false });
    expect(noConsent.json()).toMatchObject({ code: 'CONSENTS_MISSING' });

    const ok = await accept(parent, token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<SchoolChild>()).toMatchObject({
      learnerId: learner,
      firstName: 'Naledi',
      state: 'linked',
    });
    expect(await stateOf(teacher, learner)).toBe('linked');
    const again = await accept(parent, token);
    expect(again.json()).toMatchObject({ code: 'INVITATION_USED' });

    // Exactly the linked child: never the class's other learner, never to another family.
    const mine = await parent.call('GET', `/api/Customers/${parent.id}/SchoolChildren`);
    expect(mine.json<SchoolChild[]>().map((c) => c.firstName)).toEqual(['Naledi']);
    const theirs = await stranger.call('GET', `/api/Customers/${stranger.id}/SchoolChildren`);
    expect(theirs.json()).toEqual([]);
    expect(
      (await stranger.call('GET', `/api/Customers/${parent.id}/SchoolChildren`)).statusCode,
    ).toBe(404);
    expect(
      (
        await stranger.call(
          'POST',
          `/api/Customers/${stranger.id}/SchoolChildren/${learner}/TakeOver`,
        )
      ).statusCode,
    ).toBe(404);

    const steps = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.entityType, 'participant_profile'), eq(auditLog.entityId, String(learner))),
      );
    expect(steps.map((s) => s.action)).toEqual(
      expect.arrayContaining(['parent.invited', 'parent.refused', 'parent.linked']),
    );
  });

  it('matches a mobile number with its country: the same digits proved in another country are not the invited number', async () => {
    // A United Kingdom account proved the same national digits, as a sign-in and a contact
    // detail: +44 827…, not the +27 827… the invitation went to.
    const { token, abroad, digits } = await invitedMobileProvedAbroad('0827', 'Sipho');
    const refused = await accept(abroad, token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'INVITATION_NOT_YOURS' });

    // An invitation sent before numbers were kept whole holds national digits: read back with
    // the teacher's country, the United Kingdom account is still not its parent.
    await t.database.db
      .update(learnerParents)
      .set({ sentTo: digits })
      .where(eq(learnerParents.sentTo, `+27${digits}`));
    expect((await accept(abroad, token)).statusCode).toBe(403);

    // The same account in South Africa holds the invited number.
    await t.database.db
      .update(customers)
      .set({ country: 'South Africa' })
      .where(eq(customers.id, abroad.id));
    const ok = await accept(abroad, token);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('unproves a sign-in mobile proved abroad when My Profile moves the account to another country', async () => {
    // The state a UK account is in once it registered with +44 <digits> and checked its pin.
    const { token, abroad } = await invitedMobileProvedAbroad('0828', 'Lerato');
    expect((await accept(abroad, token)).statusCode).toBe(403);
    // My Profile, as the web sends it: only the country changes.
    const moved = await abroad.call('PUT', `/api/Customers/${abroad.id}`, {
      firstName: 'Abroad',
      surname: 'Family',
      country: 'South Africa',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, abroad.id));
    expect(row!.mobileVerifiedAt).toBeNull(); // the contact detail is unproved
    const again = await accept(abroad, token);
    // ...and so is the sign-in identity, whose pins went to +44 (security review, stop 51).
    expect(again.statusCode, again.body).toBe(403);
  });

  it('refuses an expired invitation', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id);
    const parent = await createFamily(t);
    const learner = await learnerWithParent(teacher, 'Lerato', parent.email);
    await teacher.call('POST', `${teacher.base}/Learners/${learner}/Invitation`);
    const token = await tokenSentTo(t, parent.email);
    await ageInvitation(t, learner, 15);
    const late = await accept(parent, token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'INVITATION_EXPIRED' });
    expect(await stateOf(teacher, learner)).toBe('invited');
  });
});
