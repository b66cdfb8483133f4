import type { AuditPage, StaffMember } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily } from '../../test/family.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountsClient } from '../accounts/accounts-test-client.ts';
import { createStaff, finalisedEntry } from '../adjudication/adjudication.test-helpers.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { addStaffMember } from './staff-accounts.ts';

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let clock = Date.parse('2025-04-01T10:00:00Z');

/** Moves the app's clock on (a reactivation later than its deactivation, as in life). */
const later = (seconds = 60) => {
  clock += seconds * 1000;
  t.setNow(new Date(clock).toISOString());
};

beforeAll(async () => {
  t = await createTestApp({ now: new Date(clock).toISOString() });
  organiser = await createStaff(t, 'organiser');
});
afterAll(async () => {
  await t.close();
});

const members = async () =>
  (await organiser.call('GET', '/api/Staff/Members')).json<StaffMember[]>();
const invite = async (role: 'organiser' | 'adjudicator', email: string) => {
  const res = await organiser.call('POST', '/api/Staff/Members', {
    firstName: 'Nomsa',
    surname: 'Mokoena',
    email,
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffMember>();
};
let n = 0;
const newEmail = (what: string) => `${what}${++n}.${process.pid}.${Date.now()}@example.org`;

describe('staff members', () => {
  it('is organisers only: a family gets 404, an adjudicator 403, no one signed in 401', async () => {
    const family = await createFamily(t);
    const adjudicator = await createStaff(t, 'adjudicator');
    const calls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
      ['GET', '/api/Staff/Members'],
      [
        'POST',
        '/api/Staff/Members',
        { firstName: 'A', surname: 'B', email: 'a@b.org', role: 'organiser' },
      ],
      ['POST', `/api/Staff/Members/${organiser.id}/Deactivate`],
      ['POST', `/api/Staff/Members/${organiser.id}/Reactivate`],
    ];
    for (const [method, url, body] of calls) {
      expect((await family.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await adjudicator.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('invites an organiser, who is emailed, signs in and may use the organiser calls', async () => {
    const email = newEmail('organiser');
    const invited = await invite('organiser', email);
    expect(invited).toMatchObject({ role: 'organiser', active: true, email, deactivatedAt: null });
    const outbox = await t.app.inject({ url: `/api/dev/outbox?to=${email}` });
    expect(outbox.json<{ subject: string }[]>()[0]?.subject).toBe(
      'You are invited to organise at the Online Eisteddfod',
    );
    const { token } = await accountsClient(t.app, '198.51.100.21').logIn(email);
    const schools = await t.app.inject({
      url: '/api/Staff/Schools',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(schools.statusCode).toBe(200);
    expect((await members()).find((m) => m.id === invited.id)).toEqual(invited);

    const log = (
      await organiser.call('GET', `/api/Staff/AuditLog?search=${encodeURIComponent(email)}`)
    ).json<AuditPage>();
    expect(log.entries[0]).toMatchObject({
      action: 'staff.created',
      entityId: String(invited.id),
      details: { before: null, after: { email, role: 'organiser' } },
    });
  });

  it('refuses an address that signs in already, and a body that is not an invitation', async () => {
    const family = await createFamily(t);
    const familyEmail = (await family.call('GET', `/api/Customers/${family.id}`)).json<{
      email: string;
    }>().email;
    const taken = await organiser.call('POST', '/api/Staff/Members', {
      firstName: 'Thandi',
      surname: 'Nkosi',
      email: familyEmail.toUpperCase(),
      role: 'adjudicator',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
    const noRole = await organiser.call('POST', '/api/Staff/Members', {
      firstName: 'Thandi',
      surname: 'Nkosi',
      email: newEmail('x'),
      role: 'customer',
    });
    expect(noRole.statusCode).toBe(400);
  });

  it('deactivates an adjudicator: their session ends at once, everywhere, and they cannot sign in', async () => {
    const adjudicator = await createStaff(t, 'adjudicator');
    expect((await adjudicator.call('GET', '/api/Staff/Me')).statusCode).toBe(200);

    const res = await organiser.call('POST', `/api/Staff/Members/${adjudicator.id}/Deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffMember>()).toMatchObject({ active: false });

    // Staff calls and the account's own calls: the session no longer works.
    for (const url of ['/api/Staff/Me', '/api/Staff/Marking', `/api/Customers/${adjudicator.id}`]) {
      const refused = await adjudicator.call('GET', url);
      expect(refused.statusCode, url).toBe(401);
    }
    const client = accountsClient(t.app, '198.51.100.22');
    const first = (await client.silentLogin(adjudicator.email)).json<{
      token: string;
      customerId: number;
    }>();
    await client.requestPin(first.customerId, first.token);
    await client.verifyPin(first.customerId, await client.latestPin(adjudicator.email));
    const signIn = await client.silentLogin(adjudicator.email);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({
      code: 'STAFF_DEACTIVATED',
      message: 'This staff account has been deactivated. Please ask an organiser.',
    });

    // Deactivating twice changes nothing and logs nothing more.
    const again = await organiser.call('POST', `/api/Staff/Members/${adjudicator.id}/Deactivate`);
    expect(again.statusCode).toBe(200);
    const log = (
      await organiser.call('GET', '/api/Staff/AuditLog?search=staff.deactivate')
    ).json<AuditPage>();
    expect(log.entries.filter((e) => e.entityId === String(adjudicator.id))).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({
      actor: expect.stringMatching(/^Olwethu Staff\d+$/),
      details: { before: { active: true }, after: { active: false } },
    });
  });

  it('reactivates: they sign in again, and the sessions ended stay ended', async () => {
    const adjudicator = await createStaff(t, 'adjudicator');
    await organiser.call('POST', `/api/Staff/Members/${adjudicator.id}/Deactivate`);
    later();
    const res = await organiser.call('POST', `/api/Staff/Members/${adjudicator.id}/Reactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffMember>()).toMatchObject({ active: true, deactivatedAt: null });
    expect((await adjudicator.call('GET', '/api/Staff/Me')).statusCode).toBe(401);

    const { token } = await accountsClient(t.app, '198.51.100.23').logIn(adjudicator.email);
    const me = await t.app.inject({
      url: '/api/Staff/Me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const log = (
      await organiser.call('GET', '/api/Staff/AuditLog?search=staff.reactivate')
    ).json<AuditPage>();
    expect(log.entries[0]).toMatchObject({
      entityId: String(adjudicator.id),
      details: { before: { active: false }, after: { active: true } },
    });
  });

  it('ends every session of the account, those it had as a family before it was made staff too', async () => {
    // A family the operator made an adjudicator (npm run staff:add): its family session, which
    // carries no role, worked on the staff calls and must end with the deactivation too.
    const family = await createFamily(t);
    const email = (await family.call('GET', `/api/Customers/${family.id}`)).json<{
      email: string;
    }>().email;
    await addStaffMember(t.database.db, { email, role: 'adjudicator' });
    expect((await family.call('GET', '/api/Staff/Me')).statusCode).toBe(200);
    await organiser.call('POST', `/api/Staff/Members/${family.id}/Deactivate`);
    for (const url of [
      `/api/Customers/${family.id}`,
      `/api/Customers/${family.id}/participant-profiles`,
    ]) {
      expect((await family.call('GET', url)).statusCode, url).toBe(401);
    }
    await organiser.call('POST', `/api/Staff/Members/${family.id}/Reactivate`);
    expect((await family.call('GET', `/api/Customers/${family.id}`)).statusCode).toBe(401);
  });

  it('a sign-in right after a reactivation works, within the same second as the deactivation', async () => {
    // Sessions are told apart by the account's session generation, not by the clock: the
    // organiser's instance and the signing-in one need not agree on the second.
    const adjudicator = await createStaff(t, 'adjudicator');
    await organiser.call('POST', `/api/Staff/Members/${adjudicator.id}/Deactivate`);
    await organiser.call('POST', `/api/Staff/Members/${adjudicator.id}/Reactivate`);
    const { token } = await accountsClient(t.app, '198.51.100.24').logIn(adjudicator.email);
    const me = await t.app.inject({
      url: '/api/Staff/Me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect((await adjudicator.call('GET', '/api/Staff/Me')).statusCode).toBe(401);
  });

  it("gives a deactivated adjudicator's drafts back to the others, and assigns them nothing", async () => {
    const item = (await catalogueItems(t)).find(
      (i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance',
    )!;
    const entry = await finalisedEntry(t, await createFamily(t), item);
    const [leaving, staying] = [
      await createStaff(t, 'adjudicator'),
      await createStaff(t, 'adjudicator'),
    ];
    for (const a of [leaving, staying]) {
      const res = await organiser.call('POST', `/api/Staff/Adjudicators/${a.id}/Assignments`, {
        section: 'Dance',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const draft = await leaving.call('PUT', `/api/Staff/Marking/${entry.orderItemId}`, {
      scores: [],
      comment: 'Half way',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    // A draft holds the entry: no other adjudicator sees it.
    const url = `/api/Staff/Marking/${entry.orderItemId}`;
    expect((await staying.call('GET', url)).statusCode).toBe(404);

    await organiser.call('POST', `/api/Staff/Members/${leaving.id}/Deactivate`);
    expect((await staying.call('GET', url)).statusCode).toBe(200);
    const log = (
      await organiser.call('GET', '/api/Staff/AuditLog?action=staff.deactivate')
    ).json<AuditPage>();
    expect(log.entries[0]).toMatchObject({
      entityId: String(leaving.id),
      details: { draftsReleased: 1 },
    });

    const refused = await organiser.call(
      'POST',
      `/api/Staff/Adjudicators/${leaving.id}/Assignments`,
      { section: 'Music' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'STAFF_DEACTIVATED' });
  });

  it('an organiser cannot deactivate themself; a member who is not staff is not found', async () => {
    const self = await organiser.call('POST', `/api/Staff/Members/${organiser.id}/Deactivate`);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({
      code: 'STAFF_SELF_DEACTIVATION',
      message: 'You cannot deactivate yourself.',
    });
    const family = await createFamily(t);
    const notStaff = await organiser.call('POST', `/api/Staff/Members/${family.id}/Deactivate`);
    expect(notStaff.statusCode).toBe(404);
    expect(notStaff.json()).toMatchObject({ code: 'STAFF_MEMBER_NOT_FOUND' });
  });

  it('two organisers deactivating each other at once: one wins, an organiser stays active', async () => {
    const a = await createStaff(t, 'organiser');
    const b = await createStaff(t, 'organiser');
    const [ab, ba] = await Promise.all([
      a.call('POST', `/api/Staff/Members/${b.id}/Deactivate`),
      b.call('POST', `/api/Staff/Members/${a.id}/Deactivate`),
    ]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 401]);
    const states = (await members()).filter((m) => m.id === a.id || m.id === b.id);
    expect(states.filter((m) => m.active)).toHaveLength(1);
  });
});
