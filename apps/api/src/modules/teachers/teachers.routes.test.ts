import type { Membership, StaffMembership, StaffSchool, StaffTeachers } from '@eisteddfod/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  customers,
  participantProfiles,
  schoolMemberships,
} from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
type Family = Awaited<ReturnType<typeof createFamily>>;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await createStaff(t, 'organiser');
});
afterAll(async () => {
  await t.close();
});

let named = 0;
const addSchool = async (name = `Teachers Test School ${++named}`, kind = 'school') => {
  const res = await organiser.call('POST', '/api/Staff/Schools', { name, kind });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffSchool>();
};
const ask = (family: Family, body: Record<string, unknown>) =>
  family.call('POST', `/api/Customers/${family.id}/school-memberships`, body);
const mine = async (family: Family) =>
  (await family.call('GET', `/api/Customers/${family.id}/school-memberships`)).json<Membership[]>();
const teachers = async () =>
  (await organiser.call('GET', '/api/Staff/Teachers')).json<StaffTeachers>();
const audited = async (action: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));
const approve = (id: number, body: Record<string, unknown> = {}) =>
  organiser.call('POST', `/api/Staff/Teachers/${id}/Approve`, body);

describe('a family asks to act for a school', () => {
  it('asks for a school of the list, sees it waiting, and cannot ask twice (409)', async () => {
    const school = await addSchool();
    const family = await createFamily(t);
    const res = await ask(family, { schoolId: school.id, role: 'teacher' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Membership>()).toMatchObject({
      schoolId: school.id,
      schoolName: school.name,
      status: 'requested',
      role: 'teacher',
    });
    const again = await ask(family, { schoolId: school.id, role: 'coordinator' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'MEMBERSHIP_OPEN' });
    // A typed name the list has is that school: the same request, refused too.
    const typed = await ask(family, {
      schoolName: school.name.toUpperCase(),
      kind: 'school',
      role: 'teacher',
    });
    expect(typed.statusCode).toBe(409);
    expect(await mine(family)).toHaveLength(1);
    expect(await audited('membership.requested', res.json<Membership>().id)).toHaveLength(1);
  });

  it('fails closed on every input', async () => {
    const family = await createFamily(t);
    const bodies = [
      {},
      { role: 'teacher' },
      { schoolId: 1, schoolName: 'Both', kind: 'school', role: 'teacher' },
      { schoolName: 'No kind', role: 'teacher' },
      { schoolName: 'Bad kind', kind: 'church', role: 'teacher' },
      { schoolName: '   ', kind: 'school', role: 'teacher' },
      { schoolName: 'x'.repeat(121), kind: 'school', role: 'teacher' },
      { schoolName: 'Role', kind: 'studio', role: 'principal' },
      { schoolName: 'Extra', kind: 'studio', role: 'teacher', status: 'approved' },
      { schoolId: 1, kind: 'school', role: 'teacher' },
    ];
    for (const body of bodies)
      expect((await ask(family, body)).statusCode, JSON.stringify(body)).toBe(400);
    const missing = await ask(family, { schoolId: 999999, role: 'teacher' });
    expect(missing.statusCode).toBe(404);
    expect(await mine(family)).toEqual([]);
  });

  it('keeps at most five requests waiting, and another account cannot read or withdraw them', async () => {
    const family = await createFamily(t);
    for (let i = 1; i <= 5; i++)
      expect(
        (await ask(family, { schoolName: `Limit Studio ${i}`, kind: 'studio', role: 'teacher' }))
          .statusCode,
      ).toBe(201);
    const sixth = await ask(family, {
      schoolName: 'Limit Studio 6',
      kind: 'studio',
      role: 'teacher',
    });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: 'MEMBERSHIP_LIMIT' });
    const other = await createFamily(t);
    const [first] = await mine(family);
    expect(
      (await other.call('GET', `/api/Customers/${family.id}/school-memberships`)).statusCode,
    ).toBe(404);
    const theirs = await other.call(
      'DELETE',
      `/api/Customers/${other.id}/school-memberships/${first!.id}`,
    );
    expect(theirs.statusCode).toBe(404);
    // Withdrawing one makes room again.
    const gone = await family.call(
      'DELETE',
      `/api/Customers/${family.id}/school-memberships/${first!.id}`,
    );
    expect(gone.statusCode).toBe(204);
    expect(await audited('membership.withdrawn', first!.id)).toHaveLength(1);
    expect(
      (await ask(family, { schoolName: 'Limit Studio 6', kind: 'studio', role: 'teacher' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('organisers decide', () => {
  it('approves a new name by adding the school, with look-alikes offered first; audited', async () => {
    const like = await addSchool('Protea Park Primary School');
    const family = await createFamily(t);
    const asked = (
      await ask(family, { schoolName: 'Protea Park Primary', kind: 'school', role: 'teacher' })
    ).json<Membership>();
    const waiting = (await teachers()).waiting.find((m) => m.id === asked.id)!;
    expect(waiting).toMatchObject({
      proposedSchoolName: 'Protea Park Primary',
      email: family.email,
      teacherName: expect.any(String),
    });
    expect(waiting.lookAlikes.map((s) => s.id)).toContain(like.id);
    // A proposed name needs the school it is, or a new one.
    expect((await approve(asked.id)).statusCode).toBe(400);
    const res = await approve(asked.id, {
      newSchool: { name: 'Protea Dance Studio', kind: 'studio' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json<StaffMembership>();
    expect(approved).toMatchObject({
      status: 'approved',
      schoolName: 'Protea Dance Studio',
      kind: 'studio',
    });
    const list = (await organiser.call('GET', '/api/Staff/Schools')).json<StaffSchool[]>();
    expect(list.find((s) => s.name === 'Protea Dance Studio')).toMatchObject({
      kind: 'studio',
      teachers: 1,
    });
    expect(await audited('membership.approved', asked.id)).toHaveLength(1);
    expect((await mine(family))[0]).toMatchObject({
      status: 'approved',
      schoolName: 'Protea Dance Studio',
    });
    // Decided once: a second approval or a refusal now is a conflict.
    expect((await approve(asked.id, { schoolId: like.id })).statusCode).toBe(409);
  });

  it('approves a new name as a school of the list, refuses with a reason the family reads', async () => {
    const school = await addSchool();
    const a = await createFamily(t);
    const b = await createFamily(t);
    const fromA = (
      await ask(a, { schoolName: 'Some Other Name', kind: 'school', role: 'teacher' })
    ).json<Membership>();
    const fromB = (await ask(b, { schoolId: school.id, role: 'teacher' })).json<Membership>();
    expect((await approve(fromA.id, { schoolId: school.id })).json()).toMatchObject({
      schoolId: school.id,
      status: 'approved',
    });
    const noReason = await organiser.call('POST', `/api/Staff/Teachers/${fromB.id}/Refuse`, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const refused = await organiser.call('POST', `/api/Staff/Teachers/${fromB.id}/Refuse`, {
      reason: 'We could not confirm that you teach there.',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await mine(b))[0]).toMatchObject({
      status: 'refused',
      refusalReason: 'We could not confirm that you teach there.',
    });
    expect(await audited('membership.refused', fromB.id)).toHaveLength(1);
    // A refused request is no longer open: the family may ask again.
    expect((await ask(b, { schoolId: school.id, role: 'teacher' })).statusCode).toBe(201);
  });

  it('keeps one coordinator a school, saying who; ends a membership, its learners staying', async () => {
    const school = await addSchool();
    const [a, b] = [await createFamily(t), await createFamily(t)];
    const ma = (await ask(a, { schoolId: school.id, role: 'coordinator' })).json<Membership>();
    const mb = (await ask(b, { schoolId: school.id, role: 'coordinator' })).json<Membership>();
    expect((await approve(ma.id)).statusCode).toBe(200);
    const second = await approve(mb.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'COORDINATOR_TAKEN' });
    expect(second.json<{ message: string }>().message).toMatch(/coordinates/);
    const roleOf = (id: number, role: string) =>
      organiser.call('PUT', `/api/Staff/Teachers/${id}/Role`, { role });
    expect((await roleOf(ma.id, 'teacher')).statusCode).toBe(200);
    expect((await approve(mb.id)).statusCode).toBe(200);
    expect((await roleOf(ma.id, 'coordinator')).statusCode).toBe(409);
    expect(await audited('membership.role', ma.id)).toHaveLength(1);
    // A learner of b's class stays with b's account when the class ends.
    const learner = await b.addContestant({ firstName: 'Class', school: 'Other School' });
    await t.database.db
      .update(participantProfiles)
      .set({ schoolMembershipId: mb.id })
      .where(eq(participantProfiles.id, learner));
    const ended = await organiser.call('POST', `/api/Staff/Teachers/${mb.id}/End`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended', learners: 1 });
    expect(await audited('membership.ended', mb.id)).toHaveLength(1);
    const kept = await b.call('GET', `/api/Customers/${b.id}/participant-profiles`);
    expect(kept.json<{ id: number }[]>().map((p) => p.id)).toContain(learner);
    // A teacher leaves on their own: ended, audited.
    const left = await a.call('DELETE', `/api/Customers/${a.id}/school-memberships/${ma.id}`);
    expect(left.statusCode).toBe(204);
    expect((await mine(a))[0]).toMatchObject({ status: 'ended' });
    expect(await audited('membership.left', ma.id)).toHaveLength(1);
  });

  it('never lets an organiser approve or promote their own request: another organiser decides', async () => {
    const school = await addSchool();
    const own = await organiser.call('POST', `/api/Customers/${organiser.id}/school-memberships`, {
      schoolId: school.id,
      role: 'coordinator',
    });
    expect(own.statusCode, own.body).toBe(201);
    const id = own.json<Membership>().id;
    const self = await approve(id);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ code: 'OWN_MEMBERSHIP' });
    const [row] = await t.database.db
      .select()
      .from(schoolMemberships)
      .where(eq(schoolMemberships.id, id));
    expect(row).toMatchObject({ status: 'requested', decidedBy: null });
    const colleague = await createStaff(t, 'organiser');
    const approved = await colleague.call('POST', `/api/Staff/Teachers/${id}/Approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const promote = await organiser.call('PUT', `/api/Staff/Teachers/${id}/Role`, {
      role: 'teacher',
    });
    expect(promote.statusCode).toBe(403);
    // Ending one's own membership is leaving, which anyone may do.
    const end = await organiser.call('POST', `/api/Staff/Teachers/${id}/End`);
    expect(end.statusCode, end.body).toBe(200);
  });

  it('refuses an organiser the request of another account that proved one of their own addresses', async () => {
    const school = await addSchool();
    const proved = new Date();
    const prove = (id: number, details: Partial<typeof customers.$inferInsert>) =>
      t.database.db.update(customers).set(details).where(eq(customers.id, id));
    // A second account whose contact email, proved on My Profile, is the organiser's sign-in.
    const twin = await createFamily(t);
    await prove(twin.id, { email: organiser.email.toUpperCase(), emailVerifiedAt: proved });
    const asked = await ask(twin, { schoolId: school.id, role: 'coordinator' });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json<Membership>().id;
    const refused = await approve(id);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'OWN_MEMBERSHIP' });
    const colleague = await createStaff(t, 'organiser');
    expect((await colleague.call('POST', `/api/Staff/Teachers/${id}/Approve`, {})).statusCode).toBe(
      200,
    );
    const role = await organiser.call('PUT', `/api/Staff/Teachers/${id}/Role`, { role: 'teacher' });
    expect(role.statusCode).toBe(403);

    // A mobile number proved by both: the same person. The same digits in another country are not.
    const mobile = `82${String(Date.now()).slice(-7)}`;
    await prove(organiser.id, { mobileNumber: mobile, mobileVerifiedAt: proved });
    const sameNumber = await createFamily(t);
    await prove(sameNumber.id, { mobileNumber: `0${mobile}`, mobileVerifiedAt: proved });
    const abroad = await createFamily(t);
    await prove(abroad.id, {
      mobileNumber: mobile,
      mobileVerifiedAt: proved,
      country: 'United Kingdom',
    });
    for (const [family, status] of [
      [sameNumber, 403],
      [abroad, 200],
    ] as const) {
      const res = await ask(family, { schoolId: school.id, role: 'teacher' });
      expect(res.statusCode, res.body).toBe(201);
      expect((await approve(res.json<Membership>().id)).statusCode).toBe(status);
    }
    await prove(organiser.id, { mobileNumber: null, mobileVerifiedAt: null });
  });

  it("takes a plus-tag of the organiser's own mailbox for the same person", async () => {
    const school = await addSchool();
    const twin = await createFamily(t);
    const [local, domain] = organiser.email.split('@');
    await t.database.db
      .update(customers)
      .set({ email: `${local}+teach@${domain}`, emailVerifiedAt: new Date() })
      .where(eq(customers.id, twin.id));
    const asked = await ask(twin, { schoolId: school.id, role: 'coordinator' });
    expect(asked.statusCode, asked.body).toBe(201);
    const res = await approve(asked.json<Membership>().id);
    expect(res.statusCode, res.body).toBe(403);
  });

  it("is organisers' only: a family gets 404, an adjudicator 403", async () => {
    const family = await createFamily(t);
    const adjudicator = await createStaff(t, 'adjudicator');
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
      ['GET', '/api/Staff/Teachers'],
      ['POST', '/api/Staff/Teachers/1/Approve', {}],
      ['POST', '/api/Staff/Teachers/1/Refuse', { reason: 'x' }],
      ['POST', '/api/Staff/Teachers/1/End'],
      ['PUT', '/api/Staff/Teachers/1/Role', { role: 'teacher' }],
      ['GET', '/api/Staff/Schools/1'],
      ['GET', '/api/Staff/SchoolNames/Unlinked'],
      ['POST', '/api/Staff/Schools/1/Link', { name: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await family.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await adjudicator.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const rows = await t.database.db
      .select()
      .from(schoolMemberships)
      .where(eq(schoolMemberships.customerId, family.id));
    expect(rows).toEqual([]);
  });
});
