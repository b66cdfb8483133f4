import type { SignInSummary } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInEvents } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountsClient } from '../accounts/accounts-test-client.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

const START = '2025-04-01T08:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(START) + ms).toISOString();
let t: TestApp;
let n = 0;

/** A registered family with a pin on its way, signing in from `ip`. */
async function pinSent(ip: string, email = `thandi${++n}.${Date.now()}@example.org`) {
  const c = accountsClient(t.app, ip);
  const id = await c.register({ email });
  const { token } = (await c.silentLogin(email)).json<{ token: string }>();
  const sent = await c.requestPin(id, token);
  expect(sent.statusCode, sent.body).toBe(200);
  return { c, id, email, token, pin: await c.latestPin(email) };
}

/** A six-digit pin that is not `pin`. */
const wrong = (pin: string) => (pin === '135790' ? '246801' : '135790');

const eventsOf = (customerId: number) =>
  t.database.db
    .select()
    .from(signInEvents)
    .where(eq(signInEvents.customerId, customerId))
    .orderBy(signInEvents.id);

beforeAll(async () => {
  t = await createTestApp({ now: START });
});
afterAll(() => t.close());
beforeEach(() => t.setNow(START));
afterEach(() => vi.restoreAllMocks());

describe('a refused pin check (issue 30)', () => {
  it('still answers 200 false, and leaves an event and a warning without the pin', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    const { c, id, email, pin } = await pinSent('203.0.113.7');
    const guess = wrong(pin);
    const res = await c.verifyPin(id, guess);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('false');

    const events = await eventsOf(id);
    expect(events).toMatchObject([
      {
        customerId: id,
        identifier: `${email.slice(0, 2)}***@example.org`,
        ip: '203.0.113.7',
        reason: 'wrong_pin',
      },
    ]);
    const line = warn.mock.calls.find((call) => JSON.stringify(call).includes('wrong pin'));
    expect(line?.[0]).toEqual({
      event: 'sign_in.refused',
      signIn: {
        reason: 'wrong_pin',
        customerId: id,
        identifier: `${email.slice(0, 2)}***@example.org`,
        ip: '203.0.113.7',
      },
    });
    for (const kept of [JSON.stringify(events), JSON.stringify(warn.mock.calls)]) {
      expect(kept).not.toContain(guess);
      expect(kept).not.toContain(pin);
      expect(kept).not.toContain(email);
    }
  });

  it('tells a spent pin, an expired pin and a check with no pin apart', async () => {
    const spent = await pinSent('203.0.113.8');
    for (let i = 0; i < 5; i++) await spent.c.verifyPin(spent.id, wrong(spent.pin));
    expect((await spent.c.verifyPin(spent.id, spent.pin)).body).toBe('false');
    expect((await eventsOf(spent.id)).map((e) => e.reason)).toEqual([
      ...Array<string>(5).fill('wrong_pin'),
      'too_many_tries',
    ]);

    const expired = await pinSent('203.0.113.9');
    t.setNow(later(10 * 60_000));
    expect((await expired.c.verifyPin(expired.id, expired.pin)).body).toBe('false');
    expect((await eventsOf(expired.id)).map((e) => e.reason)).toEqual(['expired_pin']);

    // A used pin, and an account that does not exist: no account is kept for the second.
    t.setNow(START);
    const used = await pinSent('203.0.113.10');
    expect((await used.c.verifyPin(used.id, used.pin)).body).toBe('true');
    expect((await used.c.verifyPin(used.id, used.pin)).body).toBe('false');
    expect((await eventsOf(used.id)).map((e) => e.reason)).toEqual(['no_pin']);
    expect((await used.c.verifyPin(999_999, '123456')).body).toBe('false');
    const unknown = await t.database.db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.ip, '203.0.113.10'));
    expect(unknown.at(-1)).toMatchObject({ customerId: null, identifier: null, reason: 'no_pin' });
  });

  it('records checks refused by the limit, once a minute per address however many', async () => {
    const { c, id, pin } = await pinSent('203.0.113.11');
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await c.verifyPin(id, wrong(pin))).statusCode);
    expect(codes.filter((code) => code === 429)).toHaveLength(10);
    t.setNow(later(61_000));
    expect((await c.verifyPin(id, pin)).statusCode).toBe(429);
    const throttled = (await eventsOf(id)).filter((e) => e.reason === 'verify_throttled');
    expect(throttled.map((e) => e.createdAt.toISOString())).toEqual([START, later(61_000)]);
  });
});

describe('a refused pin send', () => {
  it('answers as before (429) and leaves an event for the account', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    const { c, id, token } = await pinSent('203.0.113.12');
    const again = await c.requestPin(id, token);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'PIN_RESEND_TOO_SOON' });
    expect(await eventsOf(id)).toMatchObject([
      { customerId: id, ip: '203.0.113.12', reason: 'send_throttled' },
    ]);
    expect(warn).toHaveBeenCalledWith(
      {
        // The stable name alerts search for (README "Logs", decision 039).
        event: 'sign_in.refused',
        signIn: expect.objectContaining({ reason: 'send_throttled', customerId: id }),
      },
      'sign-in refused: pin sends throttled',
    );
  });

  it('masks a mobile number as +27 ** *** 4567', async () => {
    const c = accountsClient(t.app, '203.0.113.13');
    const id = await c.register({ mobileNumber: '0821234567' });
    const { token } = (await c.silentLogin('0821234567', true)).json<{ token: string }>();
    expect((await c.requestPin(id, token, 'whatsapp')).statusCode).toBe(200);
    expect((await c.requestPin(id, token, 'whatsapp')).statusCode).toBe(429);
    expect(await eventsOf(id)).toMatchObject([{ identifier: '+27 ** *** 4567' }]);
  });
});

describe('GET /api/Staff/SignIns', () => {
  it('counts per account and per address, in the last hour and 24 hours', async () => {
    // A month after the other tests' events, so that only these count.
    const now = later(30 * 24 * 60 * 60_000);

    // Two hours ago: one wrong pin for the victim from an address of its own.
    t.setNow(later(30 * 24 * 60 * 60_000 - 2 * 60 * 60_000));
    const victim = await pinSent('192.0.2.50');
    await victim.c.verifyPin(victim.id, wrong(victim.pin));
    // Now: three wrong pins for the victim from one address, one for a bystander from there too.
    t.setNow(now);
    const organiser = await createStaff(t, 'organiser');
    const attacker = accountsClient(t.app, '192.0.2.66');
    const bystander = await pinSent('192.0.2.51');
    for (let i = 0; i < 3; i++) await attacker.verifyPin(victim.id, '000000');
    await attacker.verifyPin(bystander.id, wrong(bystander.pin));

    const res = await organiser.call('GET', '/api/Staff/SignIns');
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<SignInSummary>();
    expect(summary.lastHour).toBe(4);
    expect(summary.last24Hours).toBe(5);
    expect(summary.topAccounts[0]).toMatchObject({
      customerId: victim.id,
      identifier: `${victim.email.slice(0, 2)}***@example.org`,
      events: 4,
      addresses: 2,
    });
    expect(summary.topAccounts[1]).toMatchObject({
      customerId: bystander.id,
      events: 1,
      addresses: 1,
    });
    expect(summary.topAccounts).toHaveLength(2);
    expect(summary.topAddresses[0]).toMatchObject({
      ip: '192.0.2.66',
      events: 4,
      accounts: 2,
      lastAt: now,
    });
    expect(summary.topAddresses[1]).toMatchObject({ ip: '192.0.2.50', events: 1, accounts: 1 });
    // The victim's pin of two hours ago has expired since.
    expect(summary.reasons).toContainEqual({ reason: 'wrong_pin', events: 2 });
    expect(summary.reasons).toContainEqual({ reason: 'expired_pin', events: 3 });
    expect(summary.reasons).toContainEqual({ reason: 'send_throttled', events: 0 });
    expect(summary.latest[0]).toMatchObject({
      at: now,
      ip: '192.0.2.66',
      reason: 'wrong_pin',
      customerId: bystander.id,
    });
    expect(JSON.stringify(summary)).not.toContain(victim.email);
  });

  it('is for organisers: an adjudicator gets 403, a family 404, no one signed in 401', async () => {
    const adjudicator = await createStaff(t, 'adjudicator');
    const family = await createFamily(t);
    expect((await adjudicator.call('GET', '/api/Staff/SignIns')).statusCode).toBe(403);
    expect((await family.call('GET', '/api/Staff/SignIns')).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/Staff/SignIns' })).statusCode).toBe(401);
  });
});

describe('retention', () => {
  it('deletes events older than 90 days in the nightly job on the queue', async () => {
    const { c, id, pin } = await pinSent('203.0.113.20');
    await c.verifyPin(id, wrong(pin));
    t.setNow(later(89 * 24 * 60 * 60_000));
    await c.verifyPin(id, wrong(pin));
    t.setNow(later(91 * 24 * 60 * 60_000));
    await t.app.jobs.send('sign-ins.retention', {});
    await t.app.jobs.settled('sign-ins.retention');
    expect((await eventsOf(id)).map((e) => e.createdAt.toISOString())).toEqual([
      later(89 * 24 * 60 * 60_000),
    ]);
  });
});
