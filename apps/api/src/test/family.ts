import type { TestApp } from './test-app.ts';
import { accountsClient } from '../modules/accounts/accounts-test-client.ts';
import { TEST_GRADES } from './fixtures.ts';

let n = 0;

/** A logged-in customer (a family), calling the API as the web app does. */
export async function createFamily(t: TestApp) {
  n++;
  const email = `family${n}.${process.pid}.${Date.now()}@example.org`;
  const c = accountsClient(t.app, `198.18.${Math.floor(n / 250)}.${n % 250}`);
  const id = await c.register({ email });
  const { token } = await c.logIn(email);
  const auth = { authorization: `Bearer ${token}` };
  const family = {
    id,
    email,
    auth,
    async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
      return t.app.inject({
        method,
        url,
        headers: auth,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
    /** Adds a contestant and returns its id. */
    async addContestant(over: Record<string, unknown> = {}): Promise<number> {
      const res = await family.call('POST', `/api/Customers/${id}/participant-profile`, {
        firstName: 'Ayanda',
        surname: 'Dlamini',
        school: 'Other School',
        grade: TEST_GRADES.contestant,
        gender: 'female',
        acceptedTermsAndConditions: true,
        acceptedHonourPledge: true,
        ...over,
      });
      if (res.statusCode !== 201) throw new Error(`contestant not created: ${res.body}`);
      return res.json<{ id: number }>().id;
    },
    /** Checks the cart out and pays it on the sandbox page, as the browser would. */
    async payCart(cart: number): Promise<void> {
      const link = await family.call(
        'GET',
        `/api/Orders/${cart}/PaymentLink/${encodeURIComponent(email)}?sendWhatsAppConfirmation=false`,
      );
      if (link.statusCode !== 200) throw new Error(`no payment link: ${link.body}`);
      // The link is relative: our own pay page on the site the family is on.
      const url = new URL(link.json<{ link: string }>().link, 'http://site.invalid');
      const page = await t.app.inject({ url: url.pathname + url.search });
      const action = /action="([^"]+\/pay\?[^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
      if (!action) throw new Error(`no pay button on the sandbox page: ${page.body}`);
      const paid = await t.app.inject({ method: 'POST', url: action });
      if (paid.statusCode !== 303) throw new Error(`sandbox payment failed: ${paid.body}`);
    },
    /** The open cart's id. */
    async openCart(): Promise<number> {
      const res = await family.call('POST', '/api/Orders', { customerId: id, orderItems: [] });
      if (res.statusCode !== 200) throw new Error(`cart not opened: ${res.body}`);
      return res.json<{ id: number }>().id;
    },
  };
  return family;
}
