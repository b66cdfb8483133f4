// Class list benchmark (issue 35, decision 064): a teacher's class list of 500 learners checked
// (dry run) and added (commit) on the built server with a throwaway PostgreSQL database, at a
// school whose families already have 2,000 children (the duplicate rule reads them all). The
// baseline is a read of the same 500 learners (the class's screen) in the same run. See
// README.md next to this file.
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
const FAMILY_CHILDREN = Number(process.env.BENCH_FAMILY_CHILDREN ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Issue 35: importing 500 learners, the dry run and the commit each under 5 seconds. */
const TARGET_MS = 5000;

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
const dbName = `bench_class_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(baseUrl.href);
dbUrl.pathname = `/${dbName}`;

/** @param {string} url @param {string} sql @param {unknown[]} [params] */
async function query(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  DATABASE_URL: dbUrl.href,
  PORT: String(port),
  HOST: '127.0.0.1',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SINGLE_INSTANCE: 'true',
  PUBLIC_URL: origin,
  DATA_DIR: path.join(tmpdir(), dbName),
};

/** @type {import('node:child_process').ChildProcess | undefined} */
let server;
async function cleanUp() {
  server?.kill('SIGTERM');
  await sleep(500);
  await query(baseUrl.href, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
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
const anyJson = (/** @type {unknown} */ value) => /** @type {any} */ (value);
const jsonBody = (/** @type {unknown} */ body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Registers a family by email and signs it in with the pin from the dev outbox. */
async function registerTeacher(/** @type {string} */ email) {
  await ok(
    await call(
      '/api/Customers/CustomerAndUser',
      jsonBody({
        firstName: 'Busi',
        surname: 'Khoza',
        email,
        mobileNumber: '',
        country: 'South Africa',
      }),
    ),
    'register',
  );
  const login = { username: email, password: 'none', isMobile: false };
  const first = anyJson(
    await (
      await ok(await call('/api/Authentication/SilentLogin', jsonBody(login)), 'login')
    ).json(),
  );
  await ok(
    await call(`/api/Customers/${first.customerId}/email-one-time-pin`, {
      method: 'POST',
      token: first.token,
    }),
    'request pin',
  );
  let pin = '';
  for (let i = 0; i < 100 && !pin; i++) {
    const messages = anyJson(
      await (await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json(),
    );
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
  const session = anyJson(
    await (
      await ok(
        await call('/api/Authentication/SilentLogin', {
          ...jsonBody(login),
          headers: { 'content-type': 'application/json', cookie: grant ?? '' },
        }),
        'session',
      )
    ).json(),
  );
  return { customerId: Number(first.customerId), token: /** @type {string} */ (session.token) };
}

/** A class list of `count` learners, every column filled, one in ten a family's child's name. */
function classList(/** @type {number} */ count, /** @type {number} */ run) {
  const lines = ['First name,Surname,Grade,Gender,Parent email,Parent cellphone'];
  for (let i = 0; i < count; i++) {
    const grade = (i % 12) + 1;
    const family = i % 10 === 0;
    lines.push(
      [
        family ? `Child${i}` : `Learner${run}x${i}`,
        family ? `Family${i % FAMILY_CHILDREN}` : `Surname${i}`,
        `Gr ${grade}`,
        i % 2 ? 'M' : 'F',
        `parent${run}.${i}@example.org`,
        `082${String(1000000 + i).slice(-7)}`,
      ].join(','),
    );
  }
  return Buffer.from(lines.join('\n'));
}

async function timed(/** @type {() => Promise<Response>} */ f, /** @type {string} */ what) {
  const started = performance.now();
  const res = await ok(await f(), what);
  const body = anyJson(await res.json());
  return { ms: performance.now() - started, body };
}

let failed = false;
try {
  await query(baseUrl.href, `CREATE DATABASE "${dbName}"`);
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
  const [school] = await query(
    dbUrl.href,
    `insert into schools (name) values ('Bench Primary') returning id`,
  );
  // The families' children at the school the duplicate rule compares with.
  const [parent] = await query(
    dbUrl.href,
    `insert into customers (first_name, surname, email, country) values ('Bench','Parent','parent@bench.example','South Africa') returning id`,
  );
  await query(
    dbUrl.href,
    `insert into participant_profiles (customer_id, first_name, surname, school, school_id, grade, gender)
     select $1, 'Child' || g, 'Family' || g, 'Bench Primary', $2, ((g % 12) + 1)::text, 'female'
       from generate_series(0, $3 - 1) g`,
    [parent.id, school.id, FAMILY_CHILDREN],
  );
  console.log(
    `school with ${FAMILY_CHILDREN} families' children; ${LEARNERS} learners a list, ${RUNS} runs`,
  );
  for (let run = 0; run < RUNS; run++) {
    const teacher = await registerTeacher(
      `teacher${run}.${randomBytes(3).toString('hex')}@example.org`,
    );
    const [membership] = await query(
      dbUrl.href,
      `insert into school_memberships (customer_id, school_id, status, decided_at) values ($1, $2, 'approved', now()) returning id`,
      [teacher.customerId, school.id],
    );
    const base = `/api/Customers/${teacher.customerId}/Classes/${membership.id}`;
    const form = new FormData();
    form.append('file', new Blob([classList(LEARNERS, run)]), 'class.csv');
    const dry = await timed(
      () => call(`${base}/ClassList`, { method: 'POST', body: form, token: teacher.token }),
      'dry run',
    );
    const rows = dry.body.rows;
    const problems = rows.filter((/** @type {any} */ r) => r.problems.length).length;
    const matches = rows.filter((/** @type {any} */ r) => r.match).length;
    if (problems > 0)
      throw new Error(
        `unexpected problems: ${JSON.stringify(rows.find((/** @type {any} */ r) => r.problems.length))}`,
      );
    // What the screen sends: the rows without a match, and the possible matches added anyway
    // (a learner an earlier run's class holds is skipped, as the screen skips it).
    const keep = rows
      .filter((/** @type {any} */ r) => !r.match || r.match.kind === 'possible-match')
      .map((/** @type {any} */ { problems: _p, match, ...r }) => ({
        ...r,
        addAnyway: match?.kind === 'possible-match',
      }));
    const commit = await timed(
      () =>
        call(`${base}/ClassList/Commit`, {
          ...jsonBody({ schoolConsentDeclared: true, rows: keep }),
          token: teacher.token,
        }),
      'commit',
    );
    if (commit.body.added !== keep.length)
      throw new Error(`added ${commit.body.added} of ${keep.length}`);
    const read = await timed(() => call(base, { token: teacher.token }), 'class');
    console.log(
      `run ${run + 1}: ${keep.length} added; dry run ${dry.ms.toFixed(0)} ms (${(dry.ms / TARGET_MS).toFixed(2)} of 5 s, ${matches} rows matched), ` +
        `commit ${commit.ms.toFixed(0)} ms (${(commit.ms / TARGET_MS).toFixed(2)} of 5 s); ` +
        `baseline: the class's ${read.body.learners.length} learners read in ${read.ms.toFixed(0)} ms, ` +
        `ratios ${(dry.ms / read.ms).toFixed(1)} and ${(commit.ms / read.ms).toFixed(1)}`,
    );
    if (dry.ms >= TARGET_MS || commit.ms >= TARGET_MS) failed = true;
  }
} finally {
  await cleanUp();
}
if (failed) {
  console.error('Over the 5-second budget.');
  process.exit(1);
}
