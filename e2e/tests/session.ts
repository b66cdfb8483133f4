import { expect, type APIResponse, type Browser, type Page, type TestInfo } from '@playwright/test';

/** The newest one-time pin emailed to an address, read from the dev outbox. */
async function latestEmailPin(page: Page, to: string): Promise<string> {
  let pin = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      if (!response.ok()) return '';
      const messages = (await response.json()) as { channel: string; body: string }[];
      pin = /\b(\d{6})\b/.exec(messages.find((m) => m.channel === 'email')?.body ?? '')?.[1] ?? '';
      return pin;
    })
    .toMatch(/^\d{6}$/);
  return pin;
}

/** The newest one-time pin sent by WhatsApp to a number, read from the dev outbox. */
export async function latestWhatsAppPin(page: Page, to: string): Promise<string> {
  let pin = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      if (!response.ok()) return '';
      const messages = (await response.json()) as { channel: string; body: string }[];
      pin =
        /\b(\d{6})\b/.exec(messages.find((m) => m.channel === 'whatsapp')?.body ?? '')?.[1] ?? '';
      return pin;
    })
    .toMatch(/^\d{6}$/);
  return pin;
}

/** Registers a fresh email account and verifies it; the verify screen ends on the contestants. */
export async function registerAndLogIn(page: Page, email: string) {
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'First Name' }).fill('Ayanda');
  await page.getByRole('textbox', { name: 'Surname' }).fill('Mokoena');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Create An Account' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  const pin = await latestEmailPin(page, email);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(pin);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(/\/participant-profiles$/);
}

/** A browser storage value (spec 3 keys); the tests compile without the DOM library. */
export function stored(page: Page, key: 'token' | 'customerId' | 'cart') {
  return page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);
}

/** Fails with the status and body when an API call did not succeed. */
export async function expectOk(response: APIResponse, what: string) {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
}

/** The API as the logged-in family: the stored session token on every call. */
export async function familyApi(page: Page) {
  const token = await stored(page, 'token');
  const customerId = Number(await stored(page, 'customerId'));
  const headers = { authorization: `Bearer ${token}` };
  async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
    const response = await page.request.fetch(path, { method, headers, data });
    await expectOk(response, `${method} ${path}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return { customerId, headers, call };
}

/**
 * Finalises an entry through the API once its files are processed: until then the server
 * answers 409 MEDIA_PROCESSING (decision 025), as the portal's disabled button says.
 */
export async function finaliseWhenProcessed(
  page: Page,
  headers: Record<string, string>,
  orderItemId: number,
) {
  await expect
    .poll(
      async () =>
        (
          await page.request.put(`/api/OrderItems/${orderItemId}`, {
            headers,
            data: { submittedForMarking: true },
          })
        ).status(),
      { timeout: 60_000 },
    )
    .toBe(200);
}

async function emailCount(page: Page, to: string): Promise<number> {
  const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  await expectOk(response, 'dev outbox');
  return ((await response.json()) as { channel: string }[]).filter((m) => m.channel === 'email')
    .length;
}

/**
 * /login with an email address, then the emailed pin typed on /verify, up to the Verify Code
 * button (left to the caller: a deactivated member of staff is refused there).
 */
export async function requestEmailPin(page: Page, email: string) {
  const before = await emailCount(page, email);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Request OTP' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  // A new login gets a new pin at once, even right after the last one was used.
  await expect.poll(() => emailCount(page, email)).toBeGreaterThan(before);
  const pin = await latestEmailPin(page, email);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(pin);
}

/**
 * Signs in as families do: /login, the emailed pin, /verify; on the shared e2e server, or on
 * the one at `baseURL` (a spec's own). Each lands where their session starts (issue 34): a
 * family on its contestants, an organiser on the console's overview, an adjudicator on their
 * marking.
 */
export async function staffSignIn(browser: Browser, email: string, baseURL?: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await requestEmailPin(page, email);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(/\/(participant-profiles|staff|staff\/marking)$/);
  // The screen itself, as a person sees it before the next tap: the address changes first, and
  // while the next screen's code loaded the verify form was still drawn. A tap then (CI-like
  // load, desktop) was lost: the page stayed where it was.
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: /^(Contestant Profiles|Staff overview|Marking)$/,
    }),
  ).toBeVisible();
  return page;
}

/**
 * Follows a link of the console's navigation (issue 34), opening it first on a phone, where it
 * hides behind the burger.
 */
export async function openConsoleLink(page: Page, testInfo: TestInfo, name: string) {
  if (testInfo.project.name === 'phone') {
    await page.getByRole('button', { name: 'Open the console menu' }).click();
  }
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('link', { name, exact: true })
    .click();
}

/** The console's overview, where an organiser's session starts (the Overview link elsewhere). */
export async function openStaffArea(page: Page, testInfo: TestInfo) {
  if (!/\/staff$/.test(page.url())) await openConsoleLink(page, testInfo, 'Overview');
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff overview' })).toBeVisible();
}

/**
 * A contestant with the items of `codes` in a new cart, through the API as the signed-in family;
 * the cart is the browser's too.
 */
export async function cartWithItems(
  page: Page,
  codes: string[],
  contestant: { firstName: string; surname: string; grade: string },
) {
  const { customerId, call } = await familyApi(page);
  const profile = await call<{ id: number }>(
    'POST',
    `/api/Customers/${customerId}/participant-profile`,
    {
      ...contestant,
      school: 'Other School',
      gender: 'female',
      acceptedTermsAndConditions: true,
      acceptedHonourPledge: true,
    },
  );
  const { eventId } = await call<{ eventId: number }>('GET', '/api/config');
  const cart = await call<{ id: number }>('POST', '/api/Orders', { customerId, orderItems: [] });
  for (const code of codes) {
    const search = await call<{ items: { id: number; code: string }[] }>(
      'GET',
      `/api/Eisteddfods/${eventId}/ItemsSearch?skip=0&take=15&search=${code}`,
    );
    const item = search.items.find((i) => i.code === code)!;
    await call('POST', `/api/Orders/${cart.id}/OrderItems`, {
      itemId: item.id,
      participantProfileId: profile.id,
    });
  }
  await page.evaluate(`localStorage.setItem('cart', '${cart.id}')`);
  return { cartId: cart.id, contestantId: profile.id, call };
}

/** Pays a cart on the sandbox page, as a family would. */
export async function payOnSandbox(page: Page, cartId: number, email: string) {
  const { call } = await familyApi(page);
  const { link } = await call<{ link: string }>(
    'GET',
    `/api/Orders/${cartId}/PaymentLink/${encodeURIComponent(email)}?sendWhatsAppConfirmation=false`,
  );
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/confirmation\//);
}
