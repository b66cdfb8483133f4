// Over 350 lines on purpose: the fuzz of every operation (issue 13) with its hand-written
// cases for the routes the OpenAPI document does not describe.
import type { Item } from '@eisteddfod/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, finalisedEntry } from './modules/adjudication/adjudication.test-helpers.ts';
import { createFamily } from './test/family.ts';
import { catalogueItems } from './test/fixtures.ts';
import {
  BODY_JUNK,
  createRng,
  describeRequest,
  headerText,
  hashOf,
  multipartCases,
  operationsOf,
  randomHostile,
  requestOf,
  routeOf,
  routesOf,
  slotsOf,
  spoil,
  targetedValues,
  validInputs,
  type FuzzRequest,
  type Known,
  type Operation,
  type Rng,
} from './test/openapi-fuzz.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * Decision 003: nothing the caller sends yields a 5xx. Every operation of the OpenAPI document,
 * and every hidden route (listed below), gets a bounded set of hostile requests: anonymous, as a
 * signed-in family, and on staff routes as an organiser and an adjudicator. A failure prints the
 * seed and the request; FUZZ_SEED=<seed> replays the same cases.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 13_2025);
/** Random cases per operation and caller, on top of one case per input and hostile value. */
const RANDOM_CASES = 4;
const NOW = '2025-04-01T10:00:00.000Z';

const integer = { type: 'integer' };
const text = { type: 'string' };
/** Routes with `hide: true`: not in the document, fuzzed all the same. */
const HIDDEN_PAGES: Operation[] = [
  { method: 'GET', path: '/api/payments/pay.css', params: [] },
  { method: 'GET', path: '/api/payments/autosubmit.js', params: [] },
  {
    method: 'GET',
    path: '/dev/outbox',
    params: [{ in: 'query', name: 'to', required: false, schema: text }],
  },
  { method: 'GET', path: '/dev/outbox.css', params: [] },
  {
    method: 'GET',
    path: '/metrics',
    params: [{ in: 'header', name: 'Authorization', required: false, schema: text }],
  },
];
/** The sandbox provider's pay pages and notifications (hidden; the test server's provider). */
const HIDDEN_SANDBOX: Operation[] = [
  {
    method: 'GET',
    path: '/api/payments/sandbox/{orderId}',
    params: [
      { in: 'path', name: 'orderId', required: true, schema: integer },
      { in: 'query', name: 'ref', required: true, schema: text },
      { in: 'query', name: 'email', required: false, schema: text },
    ],
  },
  {
    method: 'POST',
    path: '/api/payments/sandbox/{orderId}/pay',
    params: [
      { in: 'path', name: 'orderId', required: true, schema: integer },
      { in: 'query', name: 'ref', required: true, schema: text },
    ],
  },
  {
    method: 'POST',
    path: '/api/payments/sandbox/{orderId}/cancel',
    params: [{ in: 'path', name: 'orderId', required: true, schema: integer }],
  },
  {
    method: 'POST',
    path: '/api/payments/sandbox/notify',
    params: [],
    bodyType: 'form',
    body: {
      type: 'object',
      required: ['m_payment_id', 'pf_payment_id', 'payment_status', 'amount_gross', 'signature'],
      properties: {
        m_payment_id: integer,
        pf_payment_id: text,
        payment_status: { enum: ['COMPLETE', 'FAILED'] },
        amount_gross: text,
        signature: text,
      },
    },
  },
];
/** PayFast's pages and notifications (hidden), on a second server with PayFast as provider. */
const HIDDEN_PAYFAST: Operation[] = [
  {
    method: 'GET',
    path: '/api/payments/payfast/{orderId}',
    params: [
      { in: 'path', name: 'orderId', required: true, schema: integer },
      { in: 'query', name: 'ref', required: true, schema: text },
      { in: 'query', name: 'email', required: false, schema: text },
    ],
  },
  {
    method: 'POST',
    path: '/api/payments/payfast/notify',
    params: [],
    bodyType: 'form',
    body: {
      type: 'object',
      required: ['m_payment_id', 'pf_payment_id', 'payment_status', 'amount_gross'],
      properties: {
        m_payment_id: integer,
        pf_payment_id: text,
        payment_status: { enum: ['COMPLETE', 'FAILED'] },
        amount_gross: text,
        merchant_id: text,
        signature: text,
      },
    },
  },
];
/** The API's own documentation pages (hidden from the document they serve). */
const HIDDEN_DOCS: Operation[] = [
  '/api/docs',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/index.html',
  '/api/docs/static/swagger-initializer.js',
].map((path) => ({ method: 'GET', path, params: [] }));
HIDDEN_DOCS.push({
  method: 'GET',
  path: '/api/docs/{*}',
  params: [{ in: 'path', name: '*', required: true, schema: text }],
});
/** Our tus endpoint (hidden): its inputs are headers, and the file name rides in the metadata. */
const b64 = (s: string) => Buffer.from(s).toString('base64');
const TUS_HEADERS = [
  'Tus-Resumable',
  'Upload-Length',
  'Upload-Offset',
  'Upload-Metadata',
  'AuthorizationSignature',
  'AuthorizationExpire',
  'VideoId',
  'LibraryId',
].map((name) => ({ in: 'header' as const, name, required: true, schema: text }));
const HIDDEN_TUS: Operation[] = [
  {
    method: 'POST',
    path: '/api/tus',
    params: TUS_HEADERS,
    // The file name reaches the database: NUL, 1 MB and broken encodings inside the metadata.
    hostile: {
      'header:Upload-Metadata': [
        `filename ${b64('take\u00001.mp4')},filetype ${b64('video/mp4')}`,
        `filename ${b64('\u0000.mp4')}`,
        `filename ${b64(`${'x'.repeat(100_000)}.mp4`)}`,
        `filename ${b64('\ud800.mp4')}`,
        'filename !!!not-base64',
        'filename',
        ',,,',
      ],
    },
  },
  // tus answers every method on both paths (creation, resuming, checking, cancelling).
  ...['HEAD', 'PATCH', 'DELETE', 'OPTIONS'].map((method) => ({
    method,
    path: '/api/tus',
    params: TUS_HEADERS,
  })),
  ...['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'].map((method) => ({
    method,
    path: '/api/tus/{id}',
    params: [{ in: 'path' as const, name: 'id', required: true, schema: text }, ...TUS_HEADERS],
  })),
];
/** Headers the upload routes read in their handlers (spec 7), sent with every multipart case. */
const UPLOAD_HEADERS = [
  'orderId',
  'orderItemId',
  'participantId',
  'uploadTypeId',
  'updatedFilename',
];

interface Caller {
  name: string;
  headers: Record<string, string>;
  /** The records this caller's cases name first (its own, or the ones it may mark). */
  known: Known;
}

let t: TestApp;
let payfast: TestApp;
/** Headers of the upload routes (spec 7) that reach the file: an entry document, a picture. */
let uploadHeaders: Record<'entryFile' | 'picture', Record<string, string>>;
let callers: { anonymous: Caller; family: Caller; organiser: Caller; adjudicator: Caller };

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { SESSION_HOURS: '720' } });
  payfast = await createTestApp({
    now: NOW,
    env: {
      PAYMENT_PROVIDER: 'payfast',
      PAYFAST_MERCHANT_ID: '10000100',
      PAYFAST_MERCHANT_KEY: '46f0cd694581a',
      PAYFAST_PASSPHRASE: 'a passphrase of the merchant',
    },
  });
  const items = await catalogueItems(t);
  const find = (test: (i: Item) => boolean) => items.find(test)!;
  const musicSolo = find(
    (i) => i.category.section === 'Music' && !i.isGroupItem && !i.requiresAnInstrument,
  );
  const danceSolo = find(
    (i) => i.category.section === 'Dance' && !i.isGroupItem && !i.requiresAnInstrument,
  );
  const family = await createFamily(t);
  const email = (await family.call('GET', `/api/Customers/${family.id}`)).json<{
    email: string;
  }>().email;
  const profile = await family.addContestant();

  // A paid entry still open for uploads, with its video collection and a slot.
  const paidCart = await family.openCart();
  const entry = await family.call('POST', `/api/Orders/${paidCart}/OrderItems`, {
    itemId: musicSolo.id,
    participantProfileId: profile,
  });
  expect(entry.statusCode, entry.body).toBe(201);
  const entryId = entry.json<{ id: number }>().id;
  await family.payCart(paidCart);
  const collection = await family.call('POST', '/api/Uploads/Collection', {
    name: String(entryId),
  });
  expect(collection.statusCode, collection.body).toBe(200);
  const guid = collection.json<{ guid: string }>().guid;
  const slot = await family.call('POST', `/api/Uploads/Collection/${guid}/Video`, {
    title: 'Recital',
  });
  expect(slot.statusCode, slot.body).toBe(200);
  const upload = slot.json<{
    guid: string;
    upload: { signature: string; expires: number; videoId: string; libraryId: string };
  }>();

  // A finalised entry with a file, assigned to an adjudicator for marking.
  const finalised = await finalisedEntry(t, family, danceSolo);
  const organiser = await createStaff(t, 'organiser');
  const adjudicator = await createStaff(t, 'adjudicator');
  const assigned = await organiser.call(
    'POST',
    `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`,
    { section: 'Dance' },
  );
  expect(assigned.statusCode, assigned.body).toBe(201);

  // Another family's order awaiting payment: its provider reference opens the pay pages.
  const payer = await createFamily(t);
  const awaiting = await payer.openCart();
  await payer.call('POST', `/api/Orders/${awaiting}/OrderItems`, {
    itemId: danceSolo.id,
    participantProfileId: await payer.addContestant(),
  });
  const payerEmail = (await payer.call('GET', `/api/Customers/${payer.id}`)).json<{
    email: string;
  }>().email;
  const link = await payer.call('GET', `/api/Orders/${awaiting}/PaymentLink/${payerEmail}`);
  expect(link.statusCode, link.body).toBe(200);
  const ref = new URL(link.json<{ link: string }>().link, 'http://site.invalid').searchParams.get(
    'ref',
  )!;
  // The family's open cart, with an entry.
  const cart = await family.openCart();
  const cartItem = await family.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: danceSolo.id,
    participantProfileId: profile,
  });
  expect(cartItem.statusCode, cartItem.body).toBe(201);
  const rubric = (
    await adjudicator.call('GET', `/api/Staff/Marking/${finalised.orderItemId}`)
  ).json<{ rubric: { name: string }[] }>().rubric;
  const { content } = (await t.app.inject({ url: '/api/content' })).json<{
    content: { adjudicators: { slug: string }[] };
  }>();

  const known: Known = {
    email,
    ids: {
      customer: [family.id],
      profile: [profile, finalised.profileId],
      order: [paidCart, awaiting, cart, finalised.orderId],
      orderItem: [entryId, finalised.orderItemId, cartItem.json<{ id: number }>().id],
      upload: [finalised.uploadId],
      item: [musicSolo.id, danceSolo.id],
      category: [danceSolo.category.id],
      event: [t.eventId],
      adjudicator: [adjudicator.id],
    },
    uuids: { collection: [guid], video: [upload.guid] },
    text: {
      firstName: ['Ayanda'],
      surname: ['Dlamini'],
      school: ['Other School'],
      grade: ['5'],
      gender: ['female'],
      country: ['South Africa'],
      mobileNumber: ['', '+27821234567'],
      password: ['none'],
      pin: ['123456'],
      name: [String(entryId)],
      'scores.name': rubric.map((c) => c.name),
      // The support form's honeypot: filled, the ticket is dropped before it is stored.
      website: [''],
      title: ['Recital'],
      search: ['Pi', ''],
      ref: [ref],
      slug: content.adjudicators.map((a) => a.slug),
      subject: ['Entries'],
      message: ['A question about the entries, please.'],
      fileName: ['1_Ayanda_Dlamini_main.pdf'],
      originalFileName: ['main.pdf'],
      // tus: the slot's own signed permission, so cases reach past it.
      'Tus-Resumable': ['1.0.0'],
      'Upload-Length': ['1024'],
      'Upload-Offset': ['0'],
      'Upload-Metadata': [`filename ${b64('take 1.mp4')},filetype ${b64('video/mp4')}`],
      AuthorizationSignature: [upload.upload.signature],
      AuthorizationExpire: [String(upload.upload.expires)],
      VideoId: [upload.upload.videoId],
      LibraryId: [upload.upload.libraryId],
    },
  };
  // Staff cases name the finalised entry first: the one they may see and mark.
  const staffKnown: Known = {
    ...known,
    ids: { ...known.ids, orderItem: [finalised.orderItemId, entryId] },
  };
  callers = {
    // Anonymous cases name the order awaiting payment first: its pay pages are public.
    anonymous: {
      name: 'anonymous',
      headers: {},
      known: { ...known, ids: { ...known.ids, order: [awaiting, paidCart, cart] } },
    },
    family: { name: 'family', headers: family.auth, known },
    organiser: { name: 'organiser', headers: organiser.auth, known: staffKnown },
    adjudicator: { name: 'adjudicator', headers: adjudicator.auth, known: staffKnown },
  };
  uploadHeaders = {
    entryFile: { orderId: '0', orderItemId: String(entryId), uploadTypeId: '3' },
    picture: { orderId: '0', orderItemId: '0', participantId: String(profile) },
  };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await payfast?.close();
});

const JUNK_AUTHORIZATION = [
  'Bearer ',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  `Bearer ${'x'.repeat(100_000)}`,
  'Basic YTpi',
  'bearer\tx',
];

/** The requests of one operation for one caller, each choice from `rng`. */
function* casesOf(op: Operation, known: Known, rng: Rng): Generator<FuzzRequest> {
  const base = validInputs(op, known, rng, true);
  yield requestOf(op, base);
  for (const slot of slotsOf(op, base)) {
    for (const value of targetedValues(op, slot, rng))
      yield requestOf(op, spoil(base, slot, value));
  }
  const url = requestOf(op, base).url;
  if (op.bodyType === 'form') {
    // A form is kept as raw text: a NUL byte that no encoding hides.
    const form = requestOf(op, base);
    yield { ...form, payload: `${String(form.payload)}&note=\u0000` };
  }
  if (op.body || ['POST', 'PUT', 'PATCH'].includes(op.method)) {
    const junk = rng.pick(BODY_JUNK);
    yield { method: op.method, url, headers: junk.headers, payload: junk.payload };
  }
  if (['POST', 'PUT'].includes(op.method)) {
    // Malformed multipart on every route that takes a body, so a new upload route is covered:
    // all of it as an entry document (spec 7 headers), the worst of it as a picture, and one
    // random case with random headers.
    const cases = multipartCases(rng.pick(['photo.jpg', 'main.pdf', 'scan.png']));
    const asPicture = cases.filter((c) =>
      /NUL in the file name|truncated in the file/.test(c.label),
    );
    const sent = [
      ...cases.map((c) => ({ ...c, headers: { ...uploadHeaders.entryFile, ...c.headers } })),
      ...asPicture.map((c) => ({ ...c, headers: { ...uploadHeaders.picture, ...c.headers } })),
    ];
    const any = rng.pick(cases);
    const randomHeaders = Object.fromEntries(
      UPLOAD_HEADERS.map((name) => [name, headerText(randomHostile(rng))]),
    );
    sent.push({ ...any, headers: { ...randomHeaders, ...any.headers } });
    for (const c of sent) yield { method: op.method, url, headers: c.headers, payload: c.payload };
  }
  // An operation without inputs has nothing to vary at random.
  if (slotsOf(op, base).length === 0) return;
  for (let n = 0; n < RANDOM_CASES; n++) {
    let inputs = validInputs(op, known, rng, false);
    const slots = slotsOf(op, inputs);
    for (let k = 1 + rng.int(3); k > 0 && slots.length > 0; k--) {
      inputs = spoil(inputs, rng.pick(slots), randomHostile(rng));
    }
    const req = requestOf(op, inputs);
    if (rng.chance(0.2)) req.headers.authorization = rng.pick(JUNK_AUTHORIZATION);
    yield req;
  }
}

interface Failure {
  operation: string;
  request: string;
  status: number | string;
  body: string;
}

/** Operations that end a record (delete, withdraw) go last, so it serves the others first. */
const endsARecord = (op: Operation) => op.method === 'DELETE' || /\/Withdraw$/i.test(op.path);

async function fuzz(app: TestApp, operations: Operation[]) {
  const failures: Failure[] = [];
  /** Answers by operation and caller, printed with FUZZ_REPORT=1 to see how deep cases reach. */
  const statuses = new Map<string, Record<number, number>>();
  let sent = 0;
  const ordered = [
    ...operations.filter((op) => !endsARecord(op)),
    ...operations.filter(endsARecord),
  ];
  for (const op of ordered) {
    const who = op.path.startsWith('/api/Staff/')
      ? [callers.anonymous, callers.family, callers.organiser, callers.adjudicator]
      : [callers.anonymous, callers.family];
    for (const caller of who) {
      const rng = createRng(SEED ^ hashOf(`${caller.name} ${op.method} ${op.path}`));
      for (const req of casesOf(op, caller.known, rng)) {
        sent++;
        const options: InjectOptions = {
          method: req.method as InjectOptions['method'],
          url: req.url,
          headers: { ...caller.headers, ...req.headers },
          remoteAddress: `10.${rng.int(256)}.${rng.int(256)}.${rng.int(256)}`,
          ...(req.payload === undefined ? {} : { payload: req.payload }),
        };
        try {
          const res = await app.app.inject(options);
          const key = `${caller.name} ${op.method} ${op.path}`;
          const counts = statuses.get(key) ?? {};
          counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
          statuses.set(key, counts);
          if (res.statusCode >= 500) {
            failures.push({
              operation: `${op.method} ${op.path}`,
              request: describeRequest(req, caller.name),
              status: res.statusCode,
              body: res.body.slice(0, 200),
            });
          }
        } catch (err) {
          failures.push({
            operation: `${op.method} ${op.path}`,
            request: describeRequest(req, caller.name),
            status: 'threw',
            body: String(err),
          });
        }
      }
    }
  }
  if (process.env.FUZZ_REPORT) {
    for (const [key, counts] of statuses) console.log(key, JSON.stringify(counts));
  }
  return { failures, sent };
}

/** The failures by operation: how many, and the first request of each (to replay it). */
function report(result: { failures: Failure[]; sent: number }) {
  const byOperation = new Map<string, Failure[]>();
  for (const f of result.failures) {
    byOperation.set(f.operation, [...(byOperation.get(f.operation) ?? []), f]);
  }
  const lines = [...byOperation].map(
    ([operation, [first, ...more]]) =>
      `  ${operation}: ${more.length + 1} × 5xx, first ${first!.status} ← ${first!.request}\n` +
      `      ${first!.body}`,
  );
  return (
    `seed ${SEED} (FUZZ_SEED=${SEED} replays it): ${result.failures.length} of ${result.sent} ` +
    `requests answered 5xx, in ${byOperation.size} operations:\n${lines.join('\n')}`
  );
}

const documented = (app: TestApp) =>
  operationsOf(app.app.swagger() as Parameters<typeof operationsOf>[0]);

describe('a bounded fuzz of every operation', () => {
  it('covers every route of the server: the document and the hidden routes listed here', () => {
    const everywhere = [...HIDDEN_PAGES, ...HIDDEN_TUS, ...HIDDEN_DOCS];
    for (const [app, hidden] of [
      [t, [...everywhere, ...HIDDEN_SANDBOX]],
      [payfast, [...everywhere, ...HIDDEN_PAYFAST]],
    ] as const) {
      const fuzzed = new Set([...documented(app), ...hidden].map(routeOf));
      const missed = routesOf(app.app.printRoutes({ commonPrefix: false })).filter(
        (route) => !fuzzed.has(route),
      );
      expect(missed, 'routes the fuzz does not reach: list hidden ones above').toEqual([]);
    }
  });

  it('answers no 5xx to any operation of the OpenAPI document or any hidden route', async () => {
    const operations = [
      ...documented(t),
      ...HIDDEN_PAGES,
      ...HIDDEN_SANDBOX,
      ...HIDDEN_TUS,
      ...HIDDEN_DOCS,
    ];
    const result = await fuzz(t, operations);
    if (process.env.FUZZ_REPORT)
      console.log(`${operations.length} operations, ${result.sent} requests`);
    expect(result.failures.length, report(result)).toBe(0);
  }, 600_000);

  it('answers no 5xx on the PayFast pages and notifications (hidden routes)', async () => {
    const result = await fuzz(payfast, HIDDEN_PAYFAST);
    if (process.env.FUZZ_REPORT) console.log(`PayFast: ${result.sent} requests`);
    expect(result.failures.length, report(result)).toBe(0);
  });
});
