import type { Customer } from '@eisteddfod/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, loginIdentities } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountsClient } from './accounts-test-client.ts';

/**
 * A family that registered by email puts a mobile number on its account at checkout (decision
 * 050): the number is stored only once a pin sent to it by WhatsApp is entered.
 */
const START = '2025-04-01T08:00:00.000Z';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: START });
});
afterAll(() => t.close());
beforeEach(() => t.setNow(START));

let n = 0;
/** A typed number, as registration takes it, and the form a WhatsApp message goes to. */
function newNumber() {
  n++;
  const digits = `0837${String(200000 + n * 7919).slice(-6)}`;
  return { digits, international: `+27${digits.slice(1)}` };
}

/** A family signed in with its email, with no mobile number (or `mobileNumber` typed). */
async function family(mobileNumber?: string) {
  n++;
  const email = `added${n}.${Date.now()}@example.org`;
  const c = accountsClient(t.app, `198.51.101.${n}`);
  const id = await c.register({ email, ...(mobileNumber ? { mobileNumber } : {}) });
  const { token } = await c.logIn(email);
  const customer = async () =>
    (await c.call('GET', `/api/Customers/${id}`, undefined, token)).json<Customer>();
  const send = (body: object, as = token, on = id) =>
    c.call('POST', `/api/Customers/${on}/ContactPin`, { contact: 'mobileNumber', ...body }, as);
  const check = (body: object, as = token, on = id) =>
    c.call('PUT', `/api/Customers/${on}/ContactPin`, { contact: 'mobileNumber', ...body }, as);
  return { c, id, token, email, customer, send, check };
}

const wrongPin = (pin: string) => (pin === '000000' ? '111111' : '000000');

describe('a mobile number added with a pin (decision 050)', () => {
  it('is put on the account only once its pin is entered, and never as a sign-in', async () => {
    const f = await family();
    const number = newNumber();
    const sent = await f.send({ mobileNumber: number.digits });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      channel: 'whatsapp',
      sentTo: '+27•••••' + number.international.slice(-3),
    });
    // The pin went by WhatsApp to the new number; the account does not hold it yet.
    const [message] = await t.app.outbox.findByRecipient(number.international);
    expect(message?.channel).toBe('whatsapp');
    expect(await f.customer()).toMatchObject({ mobileNumber: null, mobileNumberVerified: false });

    const pin = await f.c.latestPin(number.international);
    expect((await f.check({ pin: wrongPin(pin), mobileNumber: number.digits })).json()).toBe(false);
    expect(await f.customer()).toMatchObject({ mobileNumber: null, mobileNumberVerified: false });

    const ok = await f.check({ pin, mobileNumber: number.digits });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toBe(true);
    // Stored as registration stores a number: the digits as typed.
    expect(await f.customer()).toMatchObject({
      mobileNumber: number.digits,
      mobileNumberVerified: true,
      email: f.email,
      emailVerified: true,
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'customer.contact_verified'), eq(auditLog.entityId, String(f.id))),
      );
    expect(entry?.details).toEqual({ contact: 'mobileNumber', added: true });

    // A contact number, not a way in: no login identity, and the pin is spent.
    const identities = await t.database.db
      .select({ channel: loginIdentities.channel })
      .from(loginIdentities)
      .where(eq(loginIdentities.customerId, f.id));
    expect(identities).toEqual([{ channel: 'email' }]);
    expect((await f.c.silentLogin(number.digits, true)).statusCode).toBe(404);
    expect((await f.check({ pin, mobileNumber: number.digits })).json()).toBe(false);
  });

  it('replaces a typed number that was never proved, once the new one is', async () => {
    const typed = newNumber();
    const f = await family(typed.digits);
    const number = newNumber();
    expect((await f.send({ mobileNumber: number.digits })).statusCode).toBe(200);
    const pin = await f.c.latestPin(number.international);
    // The pin proves the number it went to, not the one the account holds.
    expect((await f.check({ pin })).json()).toBe(false);
    expect(await f.customer()).toMatchObject({
      mobileNumber: typed.digits,
      mobileNumberVerified: false,
    });
    expect((await f.check({ pin, mobileNumber: number.digits })).json()).toBe(true);
    expect(await f.customer()).toMatchObject({
      mobileNumber: number.digits,
      mobileNumberVerified: true,
    });
  });

  it('proves only the number of the latest pin: a pin for one number does not prove another', async () => {
    const f = await family();
    const a = newNumber();
    const b = newNumber();
    expect((await f.send({ mobileNumber: a.digits })).statusCode).toBe(200);
    const pinA = await f.c.latestPin(a.international);
    // The resend wait holds between numbers too.
    const early = await f.send({ mobileNumber: b.digits });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'PIN_RESEND_TOO_SOON' });
    t.setNow('2025-04-01T08:01:31.000Z');
    expect((await f.send({ mobileNumber: b.digits })).statusCode).toBe(200);
    const pinB = await f.c.latestPin(b.international);

    // A's pin was replaced by B's; it proves neither number.
    expect((await f.check({ pin: pinA, mobileNumber: a.digits })).json()).toBe(false);
    if (pinA !== pinB) {
      expect((await f.check({ pin: pinA, mobileNumber: b.digits })).json()).toBe(false);
    }
    // B's pin, with A's number, proves nothing either.
    expect((await f.check({ pin: pinB, mobileNumber: a.digits })).json()).toBe(false);
    expect(await f.customer()).toMatchObject({ mobileNumber: null, mobileNumberVerified: false });
    expect((await f.check({ pin: pinB, mobileNumber: b.digits })).json()).toBe(true);
    expect(await f.customer()).toMatchObject({
      mobileNumber: b.digits,
      mobileNumberVerified: true,
    });
  });

  it('never replaces a proved number', async () => {
    const f = await family();
    const first = newNumber();
    await f.send({ mobileNumber: first.digits });
    const pin = await f.c.latestPin(first.international);
    expect((await f.check({ pin, mobileNumber: first.digits })).json()).toBe(true);

    t.setNow('2025-04-01T08:05:00.000Z');
    const other = newNumber();
    const res = await f.send({ mobileNumber: other.digits });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONTACT_VERIFIED' });
    expect(await t.app.outbox.findByRecipient(other.international)).toEqual([]);
    expect(await f.customer()).toMatchObject({ mobileNumber: first.digits });
  });

  it('refuses a number registration would refuse, and a number for an email', async () => {
    const f = await family();
    for (const mobileNumber of ['0821', '08212345678901234', '082 123 4567', '+27821234567']) {
      const res = await f.send({ mobileNumber });
      expect(res.statusCode, mobileNumber).toBe(400);
    }
    const forEmail = await f.c.call(
      'POST',
      `/api/Customers/${f.id}/ContactPin`,
      { contact: 'email', mobileNumber: newNumber().digits },
      f.token,
    );
    expect(forEmail.statusCode).toBe(400);
    expect((await f.check({ pin: '123456', mobileNumber: 'abc' })).statusCode).toBe(400);
  });

  it('may be a number another family signs in with (two parents, one phone)', async () => {
    const shared = newNumber();
    const other = accountsClient(t.app, '198.51.102.1');
    const otherId = await other.register({ mobileNumber: shared.digits });
    await other.logIn(shared.digits, true);

    t.setNow('2025-04-01T08:10:00.000Z');
    const f = await family();
    expect((await f.send({ mobileNumber: shared.digits })).statusCode).toBe(200);
    const pin = await f.c.latestPin(shared.international);
    expect((await f.check({ pin, mobileNumber: shared.digits })).json()).toBe(true);
    expect(await f.customer()).toMatchObject({
      mobileNumber: shared.digits,
      mobileNumberVerified: true,
    });
    // The number still signs in to the other family's account, and only to it.
    const login = await f.c.silentLogin(shared.digits, true);
    expect(login.json()).toMatchObject({ customerId: otherId, scope: 'pin' });
  });

  it('is only for the caller’s own account, with a session', async () => {
    const f = await family();
    const other = await family();
    const number = newNumber();
    const onOther = await f.send({ mobileNumber: number.digits }, f.token, other.id);
    expect([401, 403, 404]).toContain(onOther.statusCode);
    const checkOther = await f.check(
      { pin: '123456', mobileNumber: number.digits },
      f.token,
      other.id,
    );
    expect([401, 403, 404]).toContain(checkOther.statusCode);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/Customers/${f.id}/ContactPin`,
      payload: { contact: 'mobileNumber', mobileNumber: number.digits },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.app.outbox.findByRecipient(number.international)).toEqual([]);
    expect(await other.customer()).toMatchObject({ mobileNumber: null });
  });

  it('is no longer proved once a change of country makes it another number (security review of 050)', async () => {
    const f = await family();
    const number = newNumber();
    await f.send({ mobileNumber: number.digits });
    const pin = await f.c.latestPin(number.international);
    expect((await f.check({ pin, mobileNumber: number.digits })).json()).toBe(true);
    const update = (country: string) =>
      f.c.call(
        'PUT',
        `/api/Customers/${f.id}`,
        { firstName: 'Added', surname: 'Family', country },
        f.token,
      );
    // The same digits in Namibia are +264…, a number nobody proved: nothing goes there.
    const moved = await update('Namibia');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      mobileNumber: number.digits,
      mobileNumberVerified: false,
    });
    // A change that leaves the number as it was keeps it proved.
    const g = await family();
    const other = newNumber();
    await g.send({ mobileNumber: other.digits });
    const otherPin = await g.c.latestPin(other.international);
    expect((await g.check({ pin: otherPin, mobileNumber: other.digits })).json()).toBe(true);
    const renamed = await g.c.call(
      'PUT',
      `/api/Customers/${g.id}`,
      { firstName: 'Renamed', surname: 'Family', country: 'South Africa' },
      g.token,
    );
    expect(renamed.json()).toMatchObject({ mobileNumberVerified: true });
  });
});
