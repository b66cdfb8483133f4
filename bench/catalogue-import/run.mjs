// Catalogue import benchmark (issue 16): a 2,000-item spreadsheet checked (dry run) and
// imported into a copy of the demo event, as CSV and as XLSX, on the built server with a
// throwaway PostgreSQL database. See README.md next to this file.
import { spawn, execFileSync } from 'node:child_process';
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
const staffAddJs = path.join(root, 'apps/api/dist/staff-add.js');
const ITEMS = Number(process.env.BENCH_ITEMS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Issue 16: a dry run and an import of 2,000 items under 5 seconds together. */
const TARGET_MS = 5000;

if (!existsSync(serverJs) || !existsSync(staffAddJs)) {
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

const dbName = `bench_import_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(baseUrl.href);
dbUrl.pathname = `/${dbName}`;
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const email = `organiser.${randomBytes(3).toString('hex')}@example.org`;
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
async function logIn() {
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
  return /** @type {string} */ (session.token);
}

/** A CSV of `count` new items spread over the event's categories, due inside its dates. */
function sheetOf(
  /** @type {any} */ catalogue,
  /** @type {any} */ event,
  /** @type {number} */ count,
) {
  const quote = (/** @type {string} */ s) => `"${s.replaceAll('"', '""')}"`;
  const lines = [
    'Code,Section,Category,Short description,Description,Price,Due date,Group item,Minimum participants,Maximum participants,Instrument required,Main file kinds,Time limit,Retired',
  ];
  for (let i = 0; i < count; i++) {
    const c = catalogue.categories[i % catalogue.categories.length];
    const group = i % 5 === 0;
    const visual = c.section === 'Visual Arts & Design';
    lines.push(
      [
        `BX${String(i).padStart(5, '0')}`,
        c.section,
        quote(c.name),
        quote(`${c.name} – Bench item ${i} (Grades ${(i % 12) + 1}–${(i % 12) + 2})`),
        quote(`Perform or submit one piece of your choice. Time limit ${1 + (i % 5)} minutes.`),
        (group ? 250 : 160).toFixed(2),
        event.settings.dates.submissionEnds,
        group ? 'Yes' : 'No',
        group ? '2' : '1',
        group ? '20' : '1',
        c.section === 'Music' && i % 3 === 0 ? 'Yes' : 'No',
        quote(visual ? 'Image, Document' : 'Video, Audio'),
        visual ? '' : `${1 + (i % 5)}:00`,
        'No',
      ].join(','),
    );
  }
  return Buffer.from(lines.join('\n'));
}

async function upload(
  /** @type {string} */ token,
  /** @type {number} */ eventId,
  /** @type {Buffer} */ data,
  /** @type {string} */ name,
  /** @type {boolean} */ commit,
) {
  const form = new FormData();
  form.append('file', new Blob([data]), name);
  const started = performance.now();
  const res = await ok(
    await call(`/api/Staff/Events/${eventId}/Catalogue/Import?commit=${commit}`, {
      method: 'POST',
      body: form,
      token,
    }),
    `import ${name}`,
  );
  const report = await res.json().then(anyJson);
  const ms = performance.now() - started;
  if (report.problems.length > 0)
    throw new Error(`${name}: ${JSON.stringify(report.problems.slice(0, 3))}`);
  if (commit && !report.committed) throw new Error(`${name}: not committed`);
  return { ms, report };
}

async function timed(/** @type {() => Promise<Response>} */ f, /** @type {string} */ what) {
  const started = performance.now();
  const res = await ok(await f(), what);
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes };
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
  execFileSync(process.execPath, [staffAddJs, '--email', email, '--role', 'organiser'], {
    env,
    stdio: 'ignore',
  });
  const token = await logIn();
  const events = await (
    await ok(await call('/api/Staff/Events', { token }), 'events')
  )
    .json()
    .then(anyJson);
  const demo = events.events.find((/** @type {any} */ e) => e.isLive);

  /** @type {{ format: string, dryRun: number, commit: number, exportMs: number }[]} */
  const results = [];
  for (let run = 0; run < RUNS; run++) {
    for (const format of /** @type {const} */ (['csv', 'xlsx'])) {
      // A fresh copy of the demo event for every import: 189 items, and 2,000 to add.
      const year = 2030 + run * 2 + (format === 'xlsx' ? 1 : 0);
      const copy = await (
        await ok(
          await call(`/api/Staff/Events/${demo.id}/Copy`, {
            ...jsonBody({ name: `Bench ${year}`, year, shiftDays: 0 }),
            token,
          }),
          'copy',
        )
      )
        .json()
        .then(anyJson);
      const catalogue = await (
        await ok(await call(`/api/Staff/Events/${copy.id}/Catalogue`, { token }), 'catalogue')
      )
        .json()
        .then(anyJson);
      let sheet = sheetOf(catalogue, copy, ITEMS);
      if (format === 'xlsx') {
        // The same rows as XLSX: import the CSV into a scratch copy, export that as XLSX.
        const scratch = await (
          await ok(
            await call(`/api/Staff/Events/${demo.id}/Copy`, {
              ...jsonBody({ name: `Scratch ${year}`, year: year + 50, shiftDays: 0 }),
              token,
            }),
            'copy',
          )
        )
          .json()
          .then(anyJson);
        await upload(token, scratch.id, sheet, 'scratch.csv', true);
        sheet = Buffer.from(
          await (
            await ok(
              await call(`/api/Staff/Events/${scratch.id}/Catalogue/Export?format=xlsx`, { token }),
              'export',
            )
          ).arrayBuffer(),
        );
      }
      const dry = await upload(token, copy.id, sheet, `bench.${format}`, false);
      const commit = await upload(token, copy.id, sheet, `bench.${format}`, true);
      const exported = await timed(
        () => call(`/api/Staff/Events/${copy.id}/Catalogue/Export?format=${format}`, { token }),
        'export',
      );
      results.push({ format, dryRun: dry.ms, commit: commit.ms, exportMs: exported.ms });
      console.log(
        `run ${run + 1} ${format.padEnd(4)} rows ${dry.report.rows} (${(sheet.length / 1024).toFixed(0)} KiB): dry run ${dry.ms.toFixed(0)} ms, import ${commit.ms.toFixed(0)} ms, together ${(dry.ms + commit.ms).toFixed(0)} ms (${((dry.ms + commit.ms) / TARGET_MS).toFixed(2)} of the 5 s budget); export of the ${ITEMS + 189} items ${exported.ms.toFixed(0)} ms, ratio (dry run + import) / export ${((dry.ms + commit.ms) / exported.ms).toFixed(1)}`,
      );
    }
  }
  const worst = Math.max(...results.map((r) => r.dryRun + r.commit));
  console.log(
    `\nworst dry run + import: ${worst.toFixed(0)} ms; target < ${TARGET_MS} ms: ${worst < TARGET_MS ? 'met' : 'NOT met'}`,
  );
  process.exitCode = worst < TARGET_MS ? 0 : 1;
} finally {
  await cleanUp();
}
