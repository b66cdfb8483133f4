import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { deliveredPin } from '../../test/test-app.ts';

type Call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  token?: string,
) => Promise<LightMyRequestResponse>;

interface RegisterDetails {
  email?: string;
  mobileNumber?: string;
  country?: string;
}

async function register(call: Call, details: RegisterDetails) {
  const res = await call('POST', '/api/Customers/CustomerAndUser', {
    firstName: 'Thandi',
    surname: 'Nkosi',
    email: details.email ?? '',
    mobileNumber: details.mobileNumber ?? '',
    country: details.country ?? 'South Africa',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ customerId: number }>().customerId;
}

/**
 * The newest pin sent to an address or number, read from the outbox itself (a production
 * server has no /dev/outbox; its own test is dev-outbox.routes.test.ts), or, once the outbox
 * has blanked it after delivery (decision 031), from what the test's mail transport delivered.
 */
async function latestPin(app: FastifyInstance, to: string): Promise<string> {
  const [message] = await app.outbox.findByRecipient(to);
  const pin = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? deliveredPin(to);
  if (!pin) throw new Error(`No pin in the outbox for ${to}`);
  return pin;
}

/**
 * Drives the spec's account calls the way the web app does, from one client address, keeping
 * the cookie a browser would keep; in `language` when given, sent as the web sends its reader's.
 */
export function accountsClient(app: FastifyInstance, ip = '203.0.113.1', language?: string) {
  let grantCookie: string | undefined;

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token?: string) {
    const res = await app.inject({
      method,
      url,
      remoteAddress: ip,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(grantCookie ? { cookie: grantCookie } : {}),
        ...(language ? { 'accept-language': language } : {}),
      },
    });
    const setCookie = res.cookies.find((c) => c.name === 'eisteddfod_pin_grant');
    if (setCookie)
      grantCookie = setCookie.value ? `${setCookie.name}=${setCookie.value}` : undefined;
    return res;
  }

  return {
    call,
    register: (details: RegisterDetails) => register(call, details),
    async silentLogin(username: string, isMobile = false) {
      const res = await call('POST', '/api/Authentication/SilentLogin', {
        username,
        password: 'none',
        isMobile,
      });
      return res;
    },
    async requestPin(customerId: number, token: string, channel: 'email' | 'whatsapp' = 'email') {
      return call('POST', `/api/Customers/${customerId}/${channel}-one-time-pin`, undefined, token);
    },
    async verifyPin(customerId: number, pin: string, token?: string) {
      return call(
        'PUT',
        `/api/Customers/${customerId}/email-one-time-pin?pin=${pin}`,
        undefined,
        token,
      );
    },
    latestPin: (to: string) => latestPin(app, to),
    /** Register (if asked), verify a pin and return a full session token. */
    async logIn(username: string, isMobile = false) {
      const first = (await this.silentLogin(username, isMobile)).json<{
        token: string;
        customerId: number;
      }>();
      const sent = await this.requestPin(
        first.customerId,
        first.token,
        isMobile ? 'whatsapp' : 'email',
      );
      expect(sent.statusCode, sent.body).toBe(200);
      const pin = await this.latestPin(username);
      expect((await this.verifyPin(first.customerId, pin)).json()).toBe(true);
      const session = (await this.silentLogin(username, isMobile)).json<{
        token: string;
        scope: string;
      }>();
      expect(session.scope).toBe('session');
      return { customerId: first.customerId, token: session.token };
    },
    forgetCookies() {
      grantCookie = undefined;
    },
  };
}
