// A virtual family on deadline night, calling the API as the web app does: browse the
// catalogue, register, log in with a pin from its inbox, add a contestant and two entries, pay
// on the sandbox page, upload the artwork, watch the uploads portal and finalise. See README.md.
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** The window closed: the family stops where it is (not an error). */
export class Stopped extends Error {}
/** The API answered what the journey did not expect, or not at all: the family gives up. */
export class Failed extends Error {}

/**
 * @typedef {{ id: number, categoryId: number }} CatalogueItem
 * @typedef {{
 *   client: import('./client.mjs').Client,
 *   recorder: import('./stats.mjs').Recorder,
 *   isOver: () => boolean,
 *   waitForPin: (to: string, timeoutMs: number) => Promise<string>,
 *   event: { id: number, year: number },
 *   artItems: Record<string, CatalogueItem[]>,
 *   pdf: Buffer,
 *   pollsAfter: number,
 *   thinkMs: number,
 * }} Context
 * @typedef {{
 *   ip: string, email: string, token: string, customerId: number, profileId: number,
 *   cartId: number, entryIds: number[],
 * }} Family
 */

/** What families type into the search box. */
/** The grades of the families' contestants; the run fetches the items each may enter. */
export const CONTESTANT_GRADES = ['3', '5', '7', '9', '11'];
const TERMS = ['piano', 'grade 4', 'ballet', 'poetry', 'drawing', 'painting', 'choir', 'va'];
const VISUAL_ARTS = encodeURIComponent('Visual Arts & Design');
const PIN_EMAIL_TIMEOUT_MS = 30_000;
/** The confirmation page asks for the order every 2 s, for two minutes (features/checkout). */
const CONFIRMATION_POLL_MS = 2000;
const CONFIRMATION_POLL_FOR_MS = 2 * 60_000;

const pick = (/** @type {readonly any[]} */ list) => list[Math.floor(Math.random() * list.length)];

/**
 * One timed call. An answer with another status than `expected` is an error of this step, and
 * so is no answer; either ends the family's journey.
 * @param {Context} ctx
 * @param {{ ip: string, token?: string, cookie?: string }} who
 * @param {string} step
 * @param {import('./client.mjs').Call} call
 * @param {number[]} expected
 */
export async function call(ctx, who, step, call, expected = [200]) {
  // A parent reads, taps and types between calls: 0.5 to 1.5 times the mean think time.
  if (ctx.thinkMs > 0) await sleep(ctx.thinkMs * (0.5 + Math.random()));
  if (ctx.isOver()) throw new Stopped();
  let answer;
  try {
    answer = await ctx.client.send({
      ...call,
      headers: {
        'accept-encoding': 'gzip, deflate, br',
        'x-forwarded-for': who.ip,
        ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
        ...(who.cookie ? { cookie: who.cookie } : {}),
        ...call.headers,
      },
    });
  } catch (err) {
    const what =
      err instanceof Error
        ? (/** @type {{ code?: string }} */ (err).code ?? err.message)
        : String(err);
    ctx.recorder.error(step, `no answer (${what})`, false);
    throw new Failed(`${step}: ${what}`);
  }
  ctx.recorder.record(step, answer.ms);
  if (!expected.includes(answer.status)) {
    ctx.recorder.error(step, String(answer.status), true, text(answer).slice(0, 300));
    throw new Failed(`${step}: ${answer.status}`);
  }
  return answer;
}

/** The answer's body as text, decompressed as the browser would. */
function text(/** @type {import('./client.mjs').Answer} */ answer) {
  const encoding = answer.headers['content-encoding'];
  const raw =
    encoding === 'br'
      ? brotliDecompressSync(answer.body)
      : encoding === 'gzip'
        ? gunzipSync(answer.body)
        : encoding === 'deflate'
          ? inflateSync(answer.body)
          : answer.body;
  return raw.toString('utf8');
}

/** The answer's JSON; an unreadable body is an error of the step. */
function json(
  /** @type {Context} */ ctx,
  /** @type {string} */ step,
  /** @type {import('./client.mjs').Answer} */ answer,
) {
  try {
    return JSON.parse(text(answer));
  } catch {
    ctx.recorder.error(step, 'unreadable JSON', true);
    throw new Failed(`${step}: unreadable JSON`);
  }
}

/** The answer's JSON (decompressed), for callers outside a family's journey. */
export const readJson = (/** @type {import('./client.mjs').Answer} */ answer) =>
  JSON.parse(text(answer));

const jsonBody = (/** @type {unknown} */ body) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A visitor looks around the catalogue before registering (all public, cacheable calls). */
async function browse(/** @type {Context} */ ctx, /** @type {{ ip: string }} */ who) {
  const id = ctx.event.id;
  await call(ctx, who, 'browse: config', { method: 'GET', path: '/api/config' });
  await call(ctx, who, 'browse: event', { method: 'GET', path: `/api/Eisteddfods/${id}` });
  await call(ctx, who, 'browse: categories', {
    method: 'GET',
    path: `/api/Eisteddfods/${id}/Categories`,
  });
  await call(ctx, who, 'browse: section items', {
    method: 'GET',
    path: `/api/Eisteddfods/Categories/SectionItems?section=${VISUAL_ARTS}&skip=0&take=15`,
  });
  await call(ctx, who, 'browse: search', {
    method: 'GET',
    path: `/api/Eisteddfods/${id}/ItemsSearch?skip=0&take=15&search=${encodeURIComponent(pick(TERMS))}`,
  });
  await call(ctx, who, 'browse: category items', {
    method: 'GET',
    path: `/api/Eisteddfods/${id}/Categories/${pick(Object.values(ctx.artItems).flat()).categoryId}/Items?skip=0&take=15`,
  });
}

/** Registration and the pin login of spec 4: the pin is read from the family's inbox. */
export async function registerAndLogIn(
  /** @type {Context} */ ctx,
  /** @type {{ ip: string, email: string }} */ who,
) {
  const registered = await call(
    ctx,
    who,
    'register',
    {
      method: 'POST',
      path: '/api/Customers/CustomerAndUser',
      ...jsonBody({
        firstName: 'Thandi',
        surname: 'Nkosi',
        email: who.email,
        mobileNumber: '',
        country: 'South Africa',
      }),
    },
    [201],
  );
  const customerId = /** @type {number} */ (json(ctx, 'register', registered).customerId);
  const session = await logIn(ctx, who);
  if (session.customerId !== customerId) throw new Failed('login: another customer');
  return session;
}

/**
 * A silent login for a pin token, a pin by email, its check, and the silent login that turns
 * the grant cookie into a session (the web app's sequence). Staff log in the same way.
 * @returns {Promise<{ customerId: number, token: string }>}
 */
export async function logIn(
  /** @type {Context} */ ctx,
  /** @type {{ ip: string, email: string }} */ who,
) {
  const login = { username: who.email, password: 'none', isMobile: false };
  const first = json(
    ctx,
    'login: silent',
    await call(ctx, who, 'login: silent', {
      method: 'POST',
      path: '/api/Authentication/SilentLogin',
      ...jsonBody(login),
    }),
  );
  const customerId = /** @type {number} */ (first.customerId);
  const asked = performance.now();
  await call(ctx, { ...who, token: first.token }, 'login: request pin', {
    method: 'POST',
    path: `/api/Customers/${customerId}/email-one-time-pin`,
  });
  let pin;
  try {
    pin = await ctx.waitForPin(who.email, PIN_EMAIL_TIMEOUT_MS);
  } catch (err) {
    ctx.recorder.error('login: pin email', err instanceof Error ? err.message : String(err), false);
    throw new Failed('login: pin email');
  }
  ctx.recorder.pinWaits.push(performance.now() - asked);
  const verified = await call(ctx, who, 'login: verify pin', {
    method: 'PUT',
    path: `/api/Customers/${customerId}/email-one-time-pin?pin=${pin}`,
  });
  const grant = [verified.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith('eisteddfod_pin_grant='))
    ?.split(';')[0];
  if (json(ctx, 'login: verify pin', verified) !== true || !grant) {
    ctx.recorder.error('login: verify pin', 'pin refused', true);
    throw new Failed('login: pin refused');
  }
  const session = json(
    ctx,
    'login: session',
    await call(ctx, { ...who, cookie: grant }, 'login: session', {
      method: 'POST',
      path: '/api/Authentication/SilentLogin',
      ...jsonBody(login),
    }),
  );
  if (session.scope !== 'session') {
    ctx.recorder.error('login: session', `scope ${session.scope}`, true);
    throw new Failed('login: no session');
  }
  return { customerId, token: /** @type {string} */ (session.token) };
}

/** A contestant, a cart with two Visual Arts entries, paid on the sandbox page. */
async function enterAndPay(
  /** @type {Context} */ ctx,
  /** @type {{ ip: string, email: string, token: string, customerId: number }} */ f,
) {
  const grade = pick(CONTESTANT_GRADES);
  const profile = await call(
    ctx,
    f,
    'contestant: add',
    {
      method: 'POST',
      path: `/api/Customers/${f.customerId}/participant-profile`,
      ...jsonBody({
        firstName: 'Ayanda',
        surname: 'Dlamini',
        school: 'Other School',
        grade,
        gender: pick(['female', 'male']),
        acceptedTermsAndConditions: true,
        acceptedHonourPledge: true,
      }),
    },
    [201],
  );
  const profileId = /** @type {number} */ (json(ctx, 'contestant: add', profile).id);
  const cart = await call(ctx, f, 'cart: open', {
    method: 'POST',
    path: '/api/Orders',
    ...jsonBody({ customerId: f.customerId, orderItems: [] }),
  });
  const cartId = /** @type {number} */ (json(ctx, 'cart: open', cart).id);
  // Items for the contestant's grade only: the server refuses the others (decision 042).
  const forGrade = ctx.artItems[grade] ?? [];
  const first = pick(forGrade);
  const second = pick(forGrade.filter((i) => i !== first));
  /** @type {number[]} */
  const entryIds = [];
  for (const item of [first, second]) {
    const added = await call(
      ctx,
      f,
      'cart: add item',
      {
        method: 'POST',
        path: `/api/Orders/${cartId}/OrderItems`,
        ...jsonBody({ itemId: item.id, participantProfileId: profileId }),
      },
      [201],
    );
    entryIds.push(json(ctx, 'cart: add item', added).id);
  }
  await call(ctx, f, 'cart: view', { method: 'GET', path: `/api/Orders/${cartId}` });

  const link = json(
    ctx,
    'checkout: payment link',
    await call(ctx, f, 'checkout: payment link', {
      method: 'GET',
      path: `/api/Orders/${cartId}/PaymentLink/${encodeURIComponent(f.email)}?sendWhatsAppConfirmation=false`,
    }),
  ).link;
  const page = new URL(link, 'http://site.invalid');
  // The pay page is the provider's: no session goes there.
  const visitor = { ip: f.ip };
  const html = text(
    await call(ctx, visitor, 'pay: sandbox page', {
      method: 'GET',
      path: page.pathname + page.search,
    }),
  );
  const action = /action="([^"]+\/pay\?[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  if (!action) {
    ctx.recorder.error('pay: sandbox page', 'no pay button', true);
    throw new Failed('pay: no pay button');
  }
  const paying = performance.now();
  await call(
    ctx,
    visitor,
    'pay: pay',
    {
      method: 'POST',
      path: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    },
    [303],
  );
  // The confirmation page shows the order, and asks again every 2 s while the provider's
  // notification has not been processed (the sandbox pay page waits 10 s for it at most).
  for (;;) {
    const order = json(
      ctx,
      'pay: confirmation',
      await call(ctx, f, 'pay: confirmation', { method: 'GET', path: `/api/Orders/${cartId}` }),
    );
    if (order.status === 'paid') break;
    if (
      order.status !== 'awaiting_payment' ||
      performance.now() - paying > CONFIRMATION_POLL_FOR_MS
    ) {
      ctx.recorder.error('pay: confirmation', `order ${order.status}`, true);
      throw new Failed('pay: not paid');
    }
    await sleep(CONFIRMATION_POLL_MS);
  }
  ctx.recorder.paymentWaits.push(performance.now() - paying);
  return { profileId, cartId, entryIds };
}

/** The uploads portal's list of the contestant's entries (the page polls it). */
async function portalList(/** @type {Context} */ ctx, /** @type {Family} */ f) {
  return call(ctx, f, 'portal: list', {
    method: 'GET',
    path: `/api/OrderItems/ParticipantOrderItems?participantId=${f.profileId}&skip=0&take=10&year=${ctx.event.year}`,
  });
}

/** The artwork (a PDF, which a Visual Arts entry takes as its main file), then finalising. */
async function uploadAndFinalise(/** @type {Context} */ ctx, /** @type {Family} */ f) {
  const entryId = /** @type {number} */ (f.entryIds[0]);
  const boundary = `----deadline-night-${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="artwork.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    ctx.pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const sent = await call(ctx, f, 'upload: document', {
    method: 'POST',
    path: '/api/Uploads/UploadS3Files',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      orderid: '0',
      orderitemid: String(entryId),
      uploadtypeid: '2',
      updatedfilename: 'artwork.pdf',
    },
    body,
  });
  if (json(ctx, 'upload: document', sent).name === 'File exists') {
    ctx.recorder.error('upload: document', 'File exists', true);
    throw new Failed('upload: file exists');
  }
  // The portal looks again while the artwork is processed (decision 025), as a parent waits for
  // 'Processing…' to turn into the file; finalising is refused until then.
  for (let look = 0; ; look++) {
    const page = json(ctx, 'portal: list', await portalList(ctx, f));
    const files = page.items?.find(
      (/** @type {{ id: number }} */ e) => e.id === entryId,
    )?.orderItemUploads;
    if (!files?.some((/** @type {any} */ u) => u.processing?.state === 'pending')) break;
    if (look >= 60) throw new Failed('portal: the artwork was still processing after 60 s');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await call(ctx, f, 'finalise', {
    method: 'PUT',
    path: `/api/OrderItems/${entryId}`,
    ...jsonBody({ submittedForMarking: true }),
  });
}

/**
 * The whole journey of one new family, then `ctx.pollsAfter` looks at the portal. Resolves
 * with the family once done; throws Stopped or Failed otherwise.
 * @returns {Promise<Family>}
 */
export async function journey(
  /** @type {Context} */ ctx,
  /** @type {{ ip: string, email: string }} */ who,
) {
  await browse(ctx, who);
  const session = await registerAndLogIn(ctx, who);
  return enter(ctx, { ...who, ...session });
}

/**
 * A family already logged in enters one more child: the journey without registering and
 * logging in (a family with several children, or one back to enter another item).
 * @returns {Promise<Family>}
 */
export async function enterAnother(/** @type {Context} */ ctx, /** @type {Family} */ f) {
  await browse(ctx, f);
  return enter(ctx, f);
}

/** A contestant with two entries, paid, the artwork uploaded, one entry finalised, polling. */
async function enter(
  /** @type {Context} */ ctx,
  /** @type {{ ip: string, email: string, token: string, customerId: number }} */ f0,
) {
  const entered = await enterAndPay(ctx, f0);
  /** @type {Family} */
  const f = { ...f0, ...entered };
  await portalList(ctx, f);
  await uploadAndFinalise(ctx, f);
  for (let i = 0; i < ctx.pollsAfter; i++) await portalList(ctx, f);
  return f;
}

/**
 * A family that has entered comes back: it searches, looks at the portal and at a result (the
 * light, read-mostly load of results night).
 */
export async function comeBack(/** @type {Context} */ ctx, /** @type {Family} */ f) {
  await call(ctx, f, 'browse: search', {
    method: 'GET',
    path: `/api/Eisteddfods/${ctx.event.id}/ItemsSearch?skip=0&take=15&search=${encodeURIComponent(pick(TERMS))}`,
  });
  await portalList(ctx, f);
  await call(ctx, f, 'result: view', {
    method: 'GET',
    path: `/api/OrderItems/${f.entryIds[0]}/Result`,
  });
  await call(ctx, f, 'orders: mine', {
    method: 'GET',
    path: `/api/Customers/${f.customerId}/Orders`,
  });
}
