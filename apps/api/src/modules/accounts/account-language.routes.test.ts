import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accountsClient } from './accounts-test-client.ts';
import af from './messages/af.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };

/**
 * A pin comes in the language it was asked for in, and an account keeps the language it was made
 * in until the switch changes it (issue 36, decision 069). The Afrikaans words are the af
 * catalogue's, so the test reads them from it.
 */
let t: TestApp;
beforeAll(async () => {
  // The authentication template is approved in both languages.
  t = await createTestApp({ env: { WHATSAPP_TEMPLATE_NAME: 'eisteddfod_otp:en,af' } });
});
afterAll(() => t.close());

let n = 0;
const fill = (message: string, pin: string) => message.replace('{pin}', pin);
const languageOf = async (id: number) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, id)))[0]?.language;

async function signUp(language: string | undefined, by: 'email' | 'mobile') {
  n++;
  const c = accountsClient(t.app, `198.51.102.${n}`, language);
  const username = by === 'email' ? `lang${n}.${Date.now()}@example.org` : `0837${300000 + n}`;
  const id = await c.register(by === 'email' ? { email: username } : { mobileNumber: username });
  const first = (await c.silentLogin(username, by === 'mobile')).json<{ token: string }>();
  const sent = await c.requestPin(id, first.token, by === 'email' ? 'email' : 'whatsapp');
  expect(sent.statusCode, sent.body).toBe(200);
  const to = by === 'email' ? username : `+27${username.slice(1)}`;
  const [message] = await t.app.outbox.findByRecipient(to);
  return { c, id, message: message!, pin: await c.latestPin(to) };
}

describe('the pin in the reader’s language (decision 069)', () => {
  it('comes by email in Afrikaans to an Afrikaans reader, whose account keeps Afrikaans', async () => {
    const { id, message, pin } = await signUp('af-ZA,af;q=0.9,en;q=0.5', 'email');
    expect(message.subject).toBe(af.loginPinSubject);
    expect(message.body).toContain(fill(af.pinIs, pin));
    expect(message.body).toContain(af.loginPinValid);
    expect(await languageOf(id)).toBe('af');
  });

  it('comes by WhatsApp in Afrikaans, by the template’s Afrikaans version', async () => {
    const { message, pin } = await signUp('af', 'mobile');
    expect(message.body).toBe(fill(af.whatsAppPin, pin));
    expect(message.payload).toMatchObject({ language: 'af' });
  });

  it('stays in English for an English reader, as before', async () => {
    const { id, message, pin } = await signUp('en-GB', 'email');
    expect(message.subject).toBe(en.loginPinSubject);
    expect(message.body).toBe([fill(en.pinIs, pin), '', en.loginPinValid].join('\n'));
    expect(await languageOf(id)).toBe('en');
    const wa = await signUp(undefined, 'mobile');
    expect(wa.message.body).toBe(fill(en.whatsAppPin, wa.pin));
  });

  it('is changed by the switch, for the account’s own holder only', async () => {
    n++;
    const c = accountsClient(t.app, `198.51.102.${n}`, 'en');
    const email = `switch${n}.${Date.now()}@example.org`;
    const id = await c.register({ email });
    const { token } = await c.logIn(email);
    const set = await c.call('PUT', `/api/Customers/${id}/Language`, { language: 'af' }, token);
    expect(set.statusCode, set.body).toBe(200);
    expect(await languageOf(id)).toBe('af');
    const other = await c.call(
      'PUT',
      `/api/Customers/${id + 1}/Language`,
      { language: 'af' },
      token,
    );
    expect(other.statusCode).toBe(404);
    const unknown = await c.call('PUT', `/api/Customers/${id}/Language`, { language: 'zu' }, token);
    expect(unknown.statusCode).toBe(400);
  });
});
