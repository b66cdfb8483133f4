// School statement benchmark (issue 35, decision 066): the statement PDF of a teacher's order of
// 1,500 entries (500 learners × 3 items, entered through the grid's one call), on the built
// server with a throwaway PostgreSQL database, against a one-entry order's statement measured in
// the same run. See README.md next to this file.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverJs = path.join(root, 'apps/api/dist/server.js');
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 500);
const ITEMS = 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Issue 35: the statement PDF for 1,500 entries under 2 seconds. */
const TARGET_MS = 2000;
const GRADES = ['4', '5', '6', '7'];

if (!existsSync(serverJs)) {
  console.error('No built server in apps/api/dist: run `npm run build` first.');
  process.exit(1);
}

async function freePort() {
  const srv = createServer();
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve(undefined)));
  const addr = srv.address();
  await new Promise((resolve) => srv.close(() => resolve(undefined)));
  if (addr === null || typeof addr === 'string') throw new Error('no free port');
  return addr.port;
}

const baseUrl = new URL(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
async function admin(/** @type {string} */ sql) {
  const client = new pg.Client({ connectionString: baseUrl.href });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const dbName = `bench_statement_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(baseUrl.href);
dbUrl.pathname = `/${dbName}`;
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  DATABASE_URL: dbUrl.href,
  PORT: String(port),
  HOST: '127.0.0.1',
  // The local-run conveniences: the outbox readable at /api/dev/outbox, where the pin lands.
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  // One instance on PostgreSQL: rate limits in memory are right (config/env.ts asks).
  SINGLE_INSTANCE: 'true',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: path.join(tmpdir(), dbName),
};

/** @type {import('node:child_process').ChildProcess | undefined} */
let server;
async function cleanUp() {
  server?.kill('SIGTERM');
  await sleep(500);
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
  await rm(env.DATA_DIR, { recursive: true, force: true });
}

/** @param {string} route @param {RequestInit & { token?: string }} init */
async function call(route, init = {}) {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(`${origin}${route}`, { ...rest, headers });
}
async function ok(/** @type {Response} */ res, /** @type {string} */ what) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}
/** The API's answers, as the bench reads them (their shapes are the API's tests' concern). */
const anyJson = (/** @type {unknown} */ value) => /** @type {any} */ (value);
const jsonBody = (/** @type {unknown} */ body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The web app's pin login: silent login, a pin by email (read from the dev outbox), session. */
async function logIn(/** @type {string} */ email) {
  const login = { username: email, password: 'none', isMobile: false };
  const first = await (
    await ok(await call('/api/Authentication/SilentLogin', jsonBody(login)), 'login')
  )
    .json()
    .then(anyJson);
  await ok(
    await call(`/api/Customers/${first.customerId}/email-one-time-pin`, {
      method: 'POST',
      token: first.token,
    }),
    'request pin',
  );
  let pin = '';
  for (let i = 0; i < 100 && !pin; i++) {
    const messages = await (
      await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
    )
      .json()
      .then(anyJson);
    pin =
      /\b(\d{6})\b/.exec(
        messages.find((/** @type {any} */ m) => m.channel === 'email')?.body ?? '',
      )?.[1] ?? '';
    if (!pin) await sleep(100);
  }
  const verified = await ok(
    await call(`/api/Customers/${first.customerId}/email-one-time-pin?pin=${pin}`, {
      method: 'PUT',
    }),
    'verify pin',
  );
  const grant = verified.headers
    .getSetCookie()
    .find((c) => c.startsWith('eisteddfod_pin_grant='))
    ?.split(';')[0];
  const session = await (
    await ok(
      await call('/api/Authentication/SilentLogin', {
        ...jsonBody(login),
        headers: { 'content-type': 'application/json', cookie: grant ?? '' },
      }),
      'session',
    )
  )
    .json()
    .then(anyJson);
  return {
    customerId: /** @type {number} */ (first.customerId),
    token: /** @type {string} */ (session.token),
  };
}

/** A family account with an approved membership of the school and `count` learners in it. */
async function teacher(
  /** @type {pg.Client} */ db,
  /** @type {number} */ schoolId,
  /** @type {number} */ count,
  role = 'teacher',
) {
  const email = `teacher.${randomBytes(4).toString('hex')}@example.org`;
  await ok(
    await call(
      '/api/Customers/CustomerAndUser',
      jsonBody({
        firstName: 'Thandi',
        surname: 'Nkosi',
        email,
        mobileNumber: '',
        country: 'South Africa',
      }),
    ),
    'register',
  );
  const { customerId, token } = await logIn(email);
  const membership = await db.query(
    `insert into school_memberships (customer_id, school_id, role, status, decided_at)
     values ($1, $2, $3, 'approved', now()) returning id`,
    [customerId, schoolId, role],
  );
  const membershipId = membership.rows[0].id;
  await db.query(
    `insert into participant_profiles (customer_id, first_name, surname, school, school_id, grade,
       gender, school_membership_id, school_consent_declared_at)
     select $1, 'Learner' || n, 'Mokoena', 'Bench School', $2, ($4::text[])[1 + n % 4], 'female', $3, now()
     from generate_series(1, $5::int) n`,
    [customerId, schoolId, membershipId, GRADES, count],
  );
  return { customerId, token, membershipId };
}

async function timedJson(/** @type {() => Promise<Response>} */ f, /** @type {string} */ what) {
  const started = performance.now();
  const res = await ok(await f(), what);
  const body = await res.json().then(anyJson);
  return { ms: performance.now() - started, body };
}

/** Downloads a statement PDF: the time to the last byte, and its size. */
async function timedPdf(/** @type {string} */ route, /** @type {string} */ token) {
  const started = performance.now();
  const res = await ok(await call(route, { token }), 'statement pdf');
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error('not a PDF');
  return { ms, bytes };
}

/** Enters each learner of the teacher's class into `perLearner` open items every grade may enter. */
async function enterClass(
  /** @type {{ customerId: number, token: string, membershipId: number }} */ t,
  /** @type {number} */ perLearner,
) {
  const base = `/api/Customers/${t.customerId}/Classes/${t.membershipId}`;
  const grid = (await timedJson(() => call(`${base}/Grid`, { token: t.token }), 'grid')).body;
  const items = grid.items
    .filter(
      (/** @type {any} */ i) =>
        !i.isGroupItem &&
        !i.requiresAnInstrument &&
        !i.deadlinePassed &&
        Object.values(grid.allowedByGrade).every((/** @type {any} */ ids) => ids.includes(i.id)),
    )
    .slice(0, perLearner);
  if (items.length < perLearner)
    throw new Error('the demo event has too few items for the class’s grades');
  const add = grid.learners.flatMap((/** @type {any} */ l) =>
    items.map((/** @type {any} */ i) => ({ learnerId: l.id, itemId: i.id })),
  );
  const entered = await timedJson(
    () => call(`${base}/Entries`, { ...jsonBody({ add, remove: [] }), token: t.token }),
    'enter',
  );
  if (!entered.body.written)
    throw new Error(`not written: ${JSON.stringify(entered.body.refused.slice(0, 3))}`);
  return { pdf: `${base}/Statement/${entered.body.orderId}/Pdf`, entries: add.length };
}

const spread = (/** @type {number[]} */ xs) =>
  `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} ms (median ${([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0).toFixed(0)})`;

/**
 * The school's statement across its teachers: the same 1,500 entries split over a coordinator
 * and two teachers (three orders), downloaded by the coordinator as one PDF.
 */
async function schoolStatement(/** @type {pg.Client} */ db) {
  const school = await db.query(
    `insert into schools (name) values ('Bench School Two') returning id`,
  );
  const schoolId = school.rows[0].id;
  // A third of the learners each: the coordinator's class first, then two teachers'.
  const share = (/** @type {number} */ n) => Math.floor((LEARNERS + n) / 3);
  const coordinator = await teacher(db, schoolId, share(0), 'coordinator');
  const staff = [
    coordinator,
    await teacher(db, schoolId, share(1)),
    await teacher(db, schoolId, share(2)),
  ];
  let entries = 0;
  for (const t of staff) entries += (await enterClass(t, ITEMS)).entries;
  const route = `/api/Customers/${coordinator.customerId}/Classes/${coordinator.membershipId}/Statement/Pdf`;
  await timedPdf(route, coordinator.token);
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const { ms, bytes } = await timedPdf(route, coordinator.token);
    times.push(ms);
    console.log(
      `run ${run + 1}: school statement, ${entries} entries in ${staff.length} orders ${ms.toFixed(0)} ms (${(bytes.length / 1024).toFixed(0)} KB)`,
    );
  }
  console.log(
    `school statement PDF, ${entries} entries across ${staff.length} teachers: ${spread(times)}; ` +
      `target under ${TARGET_MS} ms: ${Math.max(...times) < TARGET_MS ? 'met' : 'NOT met'}`,
  );
}

try {
  await admin(`CREATE DATABASE "${dbName}"`);
  server = spawn(process.execPath, [serverJs], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    const res = await fetch(`${origin}/readyz`).catch(() => undefined);
    if (res?.ok) break;
    if (i > 600) throw new Error('the server did not become ready');
    await sleep(100);
  }
  const db = new pg.Client({ connectionString: dbUrl.href });
  await db.connect();
  try {
    const school = await db.query(
      `insert into schools (name) values ('Bench School') returning id`,
    );
    const schoolId = school.rows[0].id;
    const big = await teacher(db, schoolId, LEARNERS);
    const bigOrder = await enterClass(big, ITEMS);
    // The baseline: a family-sized order, one learner and one entry, the same call and PDF.
    const small = await teacher(db, schoolId, 1);
    const smallOrder = await enterClass(small, 1);
    // One warm-up of each (the catalogue's snapshot, the fonts), not counted.
    await timedPdf(bigOrder.pdf, big.token);
    await timedPdf(smallOrder.pdf, small.token);
    /** @type {{ big: number, small: number, size: number }[]} */
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const s = await timedPdf(smallOrder.pdf, small.token);
      const b = await timedPdf(bigOrder.pdf, big.token);
      runs.push({ big: b.ms, small: s.ms, size: b.bytes.length });
      console.log(
        `run ${run + 1}: ${bigOrder.entries} entries ${b.ms.toFixed(0)} ms (${(b.bytes.length / 1024).toFixed(0)} KB) · ` +
          `${smallOrder.entries} entry ${s.ms.toFixed(0)} ms · ratio ${(b.ms / s.ms).toFixed(1)}×`,
      );
    }
    const worst = Math.max(...runs.map((r) => r.big));
    console.log(
      `statement PDF, ${bigOrder.entries} entries: ${spread(runs.map((r) => r.big))}; ` +
        `one entry: ${spread(runs.map((r) => r.small))}; target under ${TARGET_MS} ms: ${worst < TARGET_MS ? 'met' : 'NOT met'}`,
    );
    await schoolStatement(db);
  } finally {
    await db.end();
  }
} finally {
  await cleanUp();
}
