// A family for the signed-in pages (issue 32): registered and signed in through the API, as the
// register and verify screens do it, with a Grade 2 contestant, one paid order (for the uploads
// portal) and a cart of two items (for checkout).

/** R to 3 items: the paid order's (one music, one dance) and, another two, the cart's. */
const PAID = ['MU101', 'DA101'];
const IN_CART = ['MU107', 'DA201'];

/**
 * What the web app keeps in localStorage for a signed-in family (apps/web/src/lib/storage.ts),
 * and the addresses that depend on it.
 * @typedef {{ storage: Record<string, string>, contestantId: number, categoryId: number }} Family
 */

/**
 * @param {string} origin
 * @returns {Promise<Family>}
 */
export async function setUpFamily(origin) {
  /** @type {Record<string, string>} */
  const headers = {};
  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<any>}
   */
  async function call(method, path, body) {
    const response = await fetch(`${origin}${path}`, {
      method,
      ...(body === undefined
        ? { headers }
        : {
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    // The grant cookie of a verified pin goes with the next silent login, as a browser's would.
    const cookie = response.headers.get('set-cookie');
    if (cookie) headers.cookie = cookie.split(';')[0] ?? '';
    return text ? JSON.parse(text) : undefined;
  }

  const email = `lighthouse-${Date.now()}@example.com`;
  const login = { username: email, password: 'none', isMobile: false };
  await call('POST', '/api/Customers/CustomerAndUser', {
    firstName: 'Ayanda',
    surname: 'Mokoena',
    email,
    mobileNumber: '',
    country: 'South Africa',
  });
  const pinLogin = await call('POST', '/api/Authentication/SilentLogin', login);
  headers.authorization = `Bearer ${pinLogin.token}`;
  await call('POST', `/api/Customers/${pinLogin.customerId}/email-one-time-pin`);
  const pin = await readPin(origin, email);
  await call('PUT', `/api/Customers/${pinLogin.customerId}/email-one-time-pin?pin=${pin}`);
  const session = await call('POST', '/api/Authentication/SilentLogin', login);
  if (session.scope !== 'session') throw new Error('the verified pin did not start a session');
  headers.authorization = `Bearer ${session.token}`;
  const customerId = session.customerId;

  const contestant = await call('POST', `/api/Customers/${customerId}/participant-profile`, {
    firstName: 'Lerato',
    surname: 'Mokoena',
    grade: '2',
    school: 'Other School',
    gender: 'female',
    acceptedTermsAndConditions: true,
    acceptedHonourPledge: true,
  });
  const { eventId } = await call('GET', '/api/config');
  /** @param {string} code @returns {Promise<{ id: number, category: { id: number } }>} */
  async function item(code) {
    const found = await call(
      'GET',
      `/api/Eisteddfods/${eventId}/ItemsSearch?skip=0&take=15&search=${code}`,
    );
    const match = found.items.find((/** @type {{ code: string }} */ i) => i.code === code);
    if (!match) throw new Error(`no item ${code} in the demo catalogue`);
    return match;
  }
  /** @param {string[]} codes @returns {Promise<number>} */
  async function cartOf(codes) {
    const cart = await call('POST', '/api/Orders', { customerId, orderItems: [] });
    for (const code of codes) {
      await call('POST', `/api/Orders/${cart.id}/OrderItems`, {
        itemId: (await item(code)).id,
        participantProfileId: contestant.id,
      });
    }
    return cart.id;
  }

  // The first cart is paid on the sandbox page, its Pay form posted as a family's browser would:
  // its entries are the uploads portal's. The server refuses the same item twice for one
  // contestant, so the cart checkout shows holds two others.
  const paid = await cartOf(PAID);
  const { link } = await call(
    'GET',
    `/api/Orders/${paid}/PaymentLink/${encodeURIComponent(email)}?sendWhatsAppConfirmation=false`,
  );
  const payPage = await (await fetch(new URL(link, origin))).text();
  const action = /<form method="post" action="([^"]+)"><button class="pay"/.exec(payPage)?.[1];
  if (!action) throw new Error('the sandbox pay page has no Pay form');
  const payment = await fetch(new URL(action.replaceAll('&amp;', '&'), origin), {
    method: 'POST',
    redirect: 'manual',
  });
  if (payment.status !== 303) throw new Error(`the sandbox payment: ${payment.status}`);
  const cart = await cartOf(IN_CART);

  return {
    storage: {
      token: session.token,
      username: email,
      customerId: String(customerId),
      mobileMode: 'false',
      cart: String(cart),
    },
    contestantId: contestant.id,
    categoryId: (await item(PAID[0] ?? '')).category.id,
  };
}

/**
 * The newest pin emailed to `to`, from the outbox reader of a local run (GET /api/dev/outbox):
 * a production server has none, which is why the bench's server is a local run when it measures
 * signed-in pages. The message is written by a job: asked again for up to ten seconds.
 * @param {string} origin
 * @param {string} to
 */
async function readPin(origin, to) {
  for (let i = 0; i < 40; i++) {
    const response = await fetch(`${origin}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    if (!response.ok) throw new Error(`the dev outbox: ${response.status} (not a local run?)`);
    const messages = /** @type {{ channel: string, body: string }[]} */ (await response.json());
    const email = messages.find((m) => m.channel === 'email');
    const pin = /\b(\d{6})\b/.exec(email?.body ?? '')?.[1];
    if (pin) return pin;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no pin reached the outbox for ${to}`);
}
