// Over 350 lines on purpose: every rule of registration, pins and sessions (spec 4, decision
// 004) against one app, each test short.
import { ACCOUNT_TEXT } from '@eisteddfod/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wordsOf } from '../../lib/messages.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountsClient } from './accounts-test-client.ts';

const START = '2025-04-01T08:00:00.000Z';
let t: TestApp;
let n = 0;
/** A fresh email, mobile number and client address per test. */
const unique = () => {
  n++;
  return {
    email: `parent${n}.${Date.now()}@example.org`,
    mobile: `082${String(1_000_000 + n * 7919).slice(-7)}`,
    ip: `198.51.100.${n}`,
  };
};

beforeAll(async () => {
  t = await createTestApp({ now: START });
});
afterAll(() => t.close());
beforeEach(() => t.setNow(START));

const later = (ms: number) => new Date(Date.parse(START) + ms).toISOString();

describe('registration (spec 4, register flow)', () => {
  it('finds no account, creates one, then finds it and refuses a second', async () => {
    const u = unique();
    const c = accountsClient(t.app, u.ip);
    expect((await c.call('GET', `/api/Customers/search?email=${u.email}`)).statusCode).toBe(404);
    await c.register({ email: u.email });
    const found = await c.call('GET', `/api/Customers/search?email=${u.email.toUpperCase()}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ exists: true });
    const again = await c.call('POST', '/api/Customers/CustomerAndUser', {
      firstName: 'A',
      surname: 'B',
      email: u.email,
      mobileNumber: '',
      country: 'South Africa',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ACCOUNT_EXISTS',
      message: wordsOf(ACCOUNT_TEXT.say('userExists')),
      messageId: ACCOUNT_TEXT.id('userExists'),
    });
  });

  it('treats a mobile number with or without its leading 0 as the same account', async () => {
    const u = unique();
    const c = accountsClient(t.app, u.ip);
    await c.register({ mobileNumber: u.mobile });
    const res = await c.call('GET', `/api/Customers/search?mobileNumber=${u.mobile.slice(1)}`);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{ firstName: '', surname: 'B', email: 'a@b.co' }, wordsOf(ACCOUNT_TEXT.say('nameRequired'))],
    [{ firstName: 'A', surname: 'B', email: 'a@b' }, wordsOf(ACCOUNT_TEXT.say('invalidEmail'))],
    [
      { firstName: 'A', surname: 'B', email: '', mobileNumber: '1234567' },
      wordsOf(ACCOUNT_TEXT.say('invalidMobile')),
    ],
    [
      { firstName: 'A', surname: 'B', email: '', mobileNumber: '' },
      wordsOf(ACCOUNT_TEXT.say('invalidEmail')),
    ],
  ])('refuses %o with the spec message', async (body, message) => {
    const c = accountsClient(t.app, unique().ip);
    const res = await c.call('POST', '/api/Customers/CustomerAndUser', {
      country: 'South Africa',
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it('refuses a country that is not on the list', async () => {
    const c = accountsClient(t.app, unique().ip);
    const res = await c.call('POST', '/api/Customers/CustomerAndUser', {
      firstName: 'A',
      surname: 'B',
      email: 'x@y.co',
      country: 'Atlantis',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('silent login never gives a session without a verified pin', () => {
  it('answers 404 with the spec message for an unknown username', async () => {
    const c = accountsClient(t.app, unique().ip);
    const res = await c.silentLogin('nobody@example.org');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      message: wordsOf(ACCOUNT_TEXT.say('noAccount', { username: 'nobody@example.org' })),
    });
  });

  it('gives a pin-only token that reaches no customer data', async () => {
    const u = unique();
    const c = accountsClient(t.app, u.ip);
    const id = await c.register({ email: u.email });
    const login = (await c.silentLogin(u.email)).json<{
      token: string;
      scope: string;
      customerId: number;
    }>();
    expect(login).toMatchObject({ scope: 'pin', customerId: id });
    const read = await c.call('GET', `/api/Customers/${id}`, undefined, login.token);
    expect(read.statusCode).toBe(401);
    const write = await c.call(
      'PUT',
      `/api/Customers/${id}`,
      { firstName: 'X', surname: 'Y', country: 'Kenya' },
      login.token,
    );
    expect(write.statusCode).toBe(401);
    expect((await c.call('GET', `/api/Customers/${id}`)).statusCode).toBe(401);
  });

  it('gives a session after the pin, once: the grant cannot be replayed', async () => {
    const u = unique();
    const c = accountsClient(t.app, u.ip);
    const id = await c.register({ email: u.email });
    const session = await c.logIn(u.email);
    const me = await c.call('GET', `/api/Customers/${id}`, undefined, session.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ customerId: id, email: u.email, country: 'South Africa' });
    const again = (await c.silentLogin(u.email)).json<{ scope: string }>();
    expect(again.scope).toBe('pin');
  });

  it('does not hand a grant verified for one customer to another', async () => {
    const a = unique();
    const b = unique();
    const c = accountsClient(t.app, a.ip);
    await c.register({ email: a.email });
    await c.register({ email: b.email });
    const first = (await c.silentLogin(a.email)).json<{ token: string; customerId: number }>();
    await c.requestPin(first.customerId, first.token);
    await c.verifyPin(first.customerId, await c.latestPin(a.email));
    const other = (await c.silentLogin(b.email)).json<{ scope: string }>();
    expect(other.scope).toBe('pin');
  });
});

describe('pins', () => {
  async function started() {
    const u = unique();
    const c = accountsClient(t.app, u.ip);
    const id = await c.register({ email: u.email });
    const { token } = (await c.silentLogin(u.email)).json<{ token: string }>();
    const sent = await c.requestPin(id, token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ channel: 'email', resendAfterSeconds: 90 });
    expect(sent.json<{ sentTo: string }>().sentTo).not.toContain(u.email.split('@')[0]);
    return { u, c, id, token, pin: await c.latestPin(u.email) };
  }

  const wrong = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');

  it('is refused when wrong, accepted when right, and works only once', async () => {
    const { c, id, pin } = await started();
    expect((await c.verifyPin(id, wrong(pin))).json()).toBe(false);
    expect((await c.verifyPin(id, pin)).json()).toBe(true);
    expect((await c.verifyPin(id, pin)).json()).toBe(false);
  });

  it('dies after five wrong tries, even for the right pin', async () => {
    const { c, id, pin } = await started();
    for (let i = 0; i < 5; i++) expect((await c.verifyPin(id, wrong(pin))).json()).toBe(false);
    expect((await c.verifyPin(id, pin)).json()).toBe(false);
  });

  it('expires after 10 minutes', async () => {
    const { c, id, pin } = await started();
    t.setNow(later(10 * 60_000 + 1));
    expect((await c.verifyPin(id, pin)).json()).toBe(false);
  });

  it('still works at 9 minutes 59 seconds', async () => {
    const { c, id, pin } = await started();
    t.setNow(later(10 * 60_000 - 1000));
    expect((await c.verifyPin(id, pin)).json()).toBe(true);
  });

  it('cannot be resent within 90 s; a resent pin replaces the old one', async () => {
    const { u, c, id, token, pin } = await started();
    t.setNow(later(89_000));
    const early = await c.requestPin(id, token);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      code: 'PIN_RESEND_TOO_SOON',
      message: 'Please wait 1 seconds before asking for a new code.',
      messageId: ACCOUNT_TEXT.id('resendTooSoon'),
      values: { seconds: 1 },
    });
    expect(early.headers['retry-after']).toBe('1');
    t.setNow(later(90_000));
    expect((await c.requestPin(id, token)).statusCode).toBe(200);
    const newPin = await c.latestPin(u.email);
    if (newPin !== pin) expect((await c.verifyPin(id, pin)).json()).toBe(false);
    expect((await c.verifyPin(id, newPin)).json()).toBe(true);
  });

  it('sends a new pin at once for a new login after the last one was used', async () => {
    const { u, c, id, token, pin } = await started();
    expect((await c.verifyPin(id, pin)).json()).toBe(true);
    // Logged out and back in within the 90 s: the used code is no reason to wait.
    t.setNow(later(30_000));
    const again = await c.requestPin(id, token);
    expect(again.statusCode, again.body).toBe(200);
    const next = await c.latestPin(u.email);
    expect((await c.verifyPin(id, next)).json()).toBe(true);
  });

  it('is stored hashed, never as sent', async () => {
    const { pin } = await started();
    const rows = await t.database.db.query.pinChallenges.findMany();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.pinHash.includes(pin))).toBe(false);
  });

  it('is sent by WhatsApp to the number in international form', async () => {
    const u = unique();
    const c = accountsClient(t.app, u.ip);
    const id = await c.register({ mobileNumber: u.mobile });
    const { token } = (await c.silentLogin(u.mobile, true)).json<{ token: string }>();
    const sent = await c.requestPin(id, token, 'whatsapp');
    expect(sent.json()).toMatchObject({ channel: 'whatsapp' });
    // The outbox answers this machine only (issue 30), not the client at u.ip.
    const outbox = await t.app.inject({ url: `/api/dev/outbox?to=${u.mobile}` });
    const [message] = outbox.json<{ to: string; channel: string }[]>();
    expect(message).toMatchObject({ to: `+27${u.mobile.slice(1)}`, channel: 'whatsapp' });
    expect((await c.verifyPin(id, await c.latestPin(u.mobile))).json()).toBe(true);
  });

  it('refuses an email pin for an account that has only a mobile number', async () => {
    const u = unique();
    const c = accountsClient(t.app, u.ip);
    const id = await c.register({ mobileNumber: u.mobile });
    const { token } = (await c.silentLogin(u.mobile, true)).json<{ token: string }>();
    const res = await c.requestPin(id, token, 'email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'NO_ADDRESS_FOR_CHANNEL',
      message: 'This account has no email address. Please log in with your mobile number.',
      messageId: ACCOUNT_TEXT.id('noEmailAddress'),
    });
  });
});

describe("another customer's id answers 404 on every customer endpoint", () => {
  it('for reads, updates, pin sends and pin checks', async () => {
    const a = unique();
    const b = unique();
    const ca = accountsClient(t.app, a.ip);
    const cb = accountsClient(t.app, b.ip);
    const idA = await ca.register({ email: a.email });
    await cb.register({ email: b.email });
    const bSession = await cb.logIn(b.email);
    const bPinToken = (await cb.silentLogin(b.email)).json<{ token: string }>().token;
    for (const token of [bSession.token, bPinToken]) {
      const responses = await Promise.all([
        cb.call('GET', `/api/Customers/${idA}`, undefined, token),
        cb.call(
          'PUT',
          `/api/Customers/${idA}`,
          { firstName: 'X', surname: 'Y', country: 'Kenya' },
          token,
        ),
        cb.call('POST', `/api/Customers/${idA}/email-one-time-pin`, undefined, token),
        cb.call('POST', `/api/Customers/${idA}/whatsapp-one-time-pin`, undefined, token),
        cb.call('PUT', `/api/Customers/${idA}/email-one-time-pin?pin=123456`, undefined, token),
      ]);
      const statuses = responses.map((r) => r.statusCode);
      // A pin-only token is not a login, so B's pin token is refused with 401 where a session is needed.
      expect(statuses).toEqual(
        token === bSession.token ? [404, 404, 404, 404, 404] : [401, 401, 404, 404, 404],
      );
    }
    const stillA = await ca.logIn(a.email);
    expect(
      (await ca.call('GET', `/api/Customers/${idA}`, undefined, stillA.token)).json(),
    ).toMatchObject({
      firstName: 'Thandi',
    });
  });
});

describe('My Profile (PUT /api/Customers/{id})', () => {
  it('changes names and country but never email or mobile', async () => {
    const u = unique();
    const c = accountsClient(t.app, u.ip);
    const id = await c.register({ email: u.email });
    const { token } = await c.logIn(u.email);
    const ok = await c.call(
      'PUT',
      `/api/Customers/${id}`,
      {
        firstName: 'Lerato',
        surname: 'Mokoena',
        country: 'Botswana',
        email: u.email,
        mobileNumber: '',
      },
      token,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      firstName: 'Lerato',
      surname: 'Mokoena',
      country: 'Botswana',
      email: u.email,
    });
    const sneaky = await c.call(
      'PUT',
      `/api/Customers/${id}`,
      { firstName: 'L', surname: 'M', country: 'Botswana', email: 'someone.else@example.org' },
      token,
    );
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json()).toMatchObject({
      code: 'IDENTITY_NOT_EDITABLE',
      messageId: ACCOUNT_TEXT.id('identityNotEditable'),
    });
    const noName = await c.call(
      'PUT',
      `/api/Customers/${id}`,
      { firstName: ' ', surname: 'M', country: 'Botswana' },
      token,
    );
    expect(noName.statusCode).toBe(400);
  });

  it('refuses an expired session with 401', async () => {
    const u = unique();
    const c = accountsClient(t.app, u.ip);
    const id = await c.register({ email: u.email });
    const { token } = await c.logIn(u.email);
    t.setNow(later(12 * 3600_000 + 1000));
    expect((await c.call('GET', `/api/Customers/${id}`, undefined, token)).statusCode).toBe(401);
  });
});

describe('account takeover defences', () => {
  it('makes only the registering identifier a login, so a typed-in mobile cannot log in', async () => {
    const u = unique();
    const c = accountsClient(t.app, u.ip);
    const res = await c.call('POST', '/api/Customers/CustomerAndUser', {
      firstName: 'A',
      surname: 'B',
      email: u.email,
      mobileNumber: u.mobile,
      country: 'South Africa',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ customerId: number }>().customerId;
    expect((await c.silentLogin(u.mobile, true)).statusCode).toBe(404);
    const { token } = (await c.silentLogin(u.email)).json<{ token: string }>();
    const whatsapp = await c.requestPin(id, token, 'whatsapp');
    expect(whatsapp.statusCode).toBe(400);
    expect(whatsapp.json()).toMatchObject({
      code: 'NO_ADDRESS_FOR_CHANNEL',
      message: 'This account has no mobile number. Please log in with your email address.',
    });
  });

  it('allows five comparisons in all, even for guesses sent at once', async () => {
    const u = unique();
    const setup = accountsClient(t.app, u.ip);
    const id = await setup.register({ email: u.email });
    const { token } = (await setup.silentLogin(u.email)).json<{ token: string }>();
    await setup.requestPin(id, token);
    const pin = await setup.latestPin(u.email);
    const wrong = (k: number) => String((Number(pin) + k) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, k) =>
        accountsClient(t.app, `192.0.2.${100 + k}`).verifyPin(id, wrong(k + 1)),
      ),
    );
    expect(guesses.every((g) => g.json() === false)).toBe(true);
    expect((await setup.verifyPin(id, pin)).json()).toBe(false);
  });

  it('answers false, not 404, for a pin check on an unknown customer', async () => {
    const c = accountsClient(t.app, unique().ip);
    const res = await c.verifyPin(2_000_000_000, '123456');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(false);
  });
});

describe('abuse', () => {
  it('cuts off 500 pin guesses from one client while others still log in', async () => {
    const victim = unique();
    const attacker = accountsClient(t.app, '192.0.2.66');
    const setup = accountsClient(t.app, victim.ip);
    const id = await setup.register({ email: victim.email });
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 500; i++) {
      statuses.push((await attacker.verifyPin(id, String(i).padStart(6, '0'))).statusCode);
    }
    const elapsed = Date.now() - started;
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThanOrEqual(450);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    // 500 guesses are answered quickly (the limiter answers before the database is touched).
    expect(elapsed).toBeLessThan(20_000);
    const session = await setup.logIn(victim.email);
    expect(session.token).toBeTruthy();
  });

  it('limits pin sends per customer and per client address', async () => {
    const u = unique();
    const c = accountsClient(t.app, u.ip);
    const id = await c.register({ email: u.email });
    const { token } = (await c.silentLogin(u.email)).json<{ token: string }>();
    const codes: number[] = [];
    let last: { message?: string; messageId?: string } = {};
    for (let i = 0; i < 8; i++) {
      t.setNow(later(i * 91_000));
      const res = await c.requestPin(id, token);
      codes.push(res.statusCode);
      last = res.json();
    }
    expect(codes.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(codes.slice(6)).toEqual([429, 429]);
    expect(last.messageId).toBe(ACCOUNT_TEXT.id('tooManyAttempts'));
    expect(last.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });
});

describe('aliases of spec 7', () => {
  it('answers Register, Login and GET /api/Authentication?username like their twins', async () => {
    const u = unique();
    const c = accountsClient(t.app, u.ip);
    const reg = await c.call('POST', '/api/Authentication/Register', {
      firstName: 'A',
      surname: 'B',
      email: u.email,
      country: 'Kenya',
    });
    expect(reg.statusCode).toBe(201);
    const byName = await c.call(
      'GET',
      `/api/Authentication?username=${encodeURIComponent(u.email)}`,
    );
    expect(byName.json()).toEqual({ exists: true });
    const missing = await c.call('GET', `/api/Authentication?username=nobody%40example.org`);
    expect(missing.statusCode).toBe(404);
    const login = await c.call('POST', '/api/Authentication/Login', {
      username: u.email,
      password: 'none',
    });
    expect(login.json()).toMatchObject({ scope: 'pin' });
  });
});
