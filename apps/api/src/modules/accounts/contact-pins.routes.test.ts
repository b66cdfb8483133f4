import type { Customer } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountsClient } from './accounts-test-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2025-04-01T08:00:00.000Z' });
});
afterAll(() => t.close());

let n = 0;
/** A family signed in with its email that typed a mobile number at registration. */
async function familyWithTypedNumber() {
  n++;
  const email = `contact${n}.${Date.now()}@example.org`;
  const digits = `0836${String(100000 + n * 7919).slice(-6)}`;
  const c = accountsClient(t.app, `198.51.100.${100 + n}`);
  const id = await c.register({ email, mobileNumber: digits });
  const { token } = await c.logIn(email);
  const customer = async () =>
    (await c.call('GET', `/api/Customers/${id}`, undefined, token)).json<Customer>();
  return { c, id, token, email, digits, number: `+27${digits.slice(1)}`, customer };
}

describe('a contact number proved with a pin (decision 031)', () => {
  it('is not verified until its pin is entered; the login identity is', async () => {
    const f = await familyWithTypedNumber();
    expect(await f.customer()).toMatchObject({ emailVerified: true, mobileNumberVerified: false });

    const sent = await f.c.call(
      'POST',
      `/api/Customers/${f.id}/ContactPin`,
      { contact: 'mobileNumber' },
      f.token,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ channel: 'whatsapp' });
    const pin = await f.c.latestPin(f.number);
    const wrong = pin === '000000' ? '111111' : '000000';
    const check = (p: string) =>
      f.c.call(
        'PUT',
        `/api/Customers/${f.id}/ContactPin`,
        { contact: 'mobileNumber', pin: p },
        f.token,
      );
    expect((await check(wrong)).json()).toBe(false);
    expect((await check(pin)).json()).toBe(true);
    expect(await f.customer()).toMatchObject({ emailVerified: true, mobileNumberVerified: true });
    // Once proved, it is proved: no second pin.
    const again = await f.c.call(
      'POST',
      `/api/Customers/${f.id}/ContactPin`,
      { contact: 'mobileNumber' },
      f.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONTACT_VERIFIED' });
  });

  it('a contact pin never signs anyone in: whoever holds the typed number gets no session', async () => {
    const f = await familyWithTypedNumber();
    await f.c.call(
      'POST',
      `/api/Customers/${f.id}/ContactPin`,
      { contact: 'mobileNumber' },
      f.token,
    );
    const pin = await f.c.latestPin(f.number);
    // The holder of the number tries it on the login pin check (no token needed there).
    const stranger = accountsClient(t.app, '203.0.113.250');
    expect((await stranger.verifyPin(f.id, pin)).json()).toBe(false);
    const login = await stranger.silentLogin(f.email);
    expect(login.json()).toMatchObject({ scope: 'pin' });
    // And the contact pin still proves the number for the family.
    const ok = await f.c.call(
      'PUT',
      `/api/Customers/${f.id}/ContactPin`,
      { contact: 'mobileNumber', pin },
      f.token,
    );
    expect(ok.json()).toBe(true);
  });

  it('is only for the caller’s own account, with a session', async () => {
    const f = await familyWithTypedNumber();
    const other = await familyWithTypedNumber();
    const res = await f.c.call(
      'POST',
      `/api/Customers/${other.id}/ContactPin`,
      { contact: 'mobileNumber' },
      f.token,
    );
    expect([403, 404]).toContain(res.statusCode);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/Customers/${f.id}/ContactPin`,
      payload: { contact: 'mobileNumber' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
