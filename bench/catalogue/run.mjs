// Catalogue search throughput benchmark: ItemsSearch against /healthz on the built server,
// with a throwaway PostgreSQL database. See README.md next to this file.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverJs = path.join(root, 'apps/api/dist/server.js');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 3;
// Realistic searches: an instrument, a grade, a discipline, a section code prefix.
const TERMS = ['piano', 'grade 4', 'ballet', 'poetry', 'choir', 'mu1'];
const TARGETS = { ratio: 0.35, p99Ms: 50 };

if (!existsSync(serverJs)) {
  console.error(
    `No built server at ${path.relative(root, serverJs)}: run \`npm run build\` first.`,
  );
  process.exit(1);
}

/** A port nobody listens on right now: the OS picks one for port 0, we release it. */
async function freePort() {
  const srv = createServer();
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve(undefined)));
  const addr = srv.address();
  await new Promise((resolve) => srv.close(() => resolve(undefined)));
  if (addr === null || typeof addr === 'string') throw new Error('could not find a free port');
  return addr.port;
}

/** Runs SQL on the maintenance database; CREATE/DROP DATABASE cannot run inside the target db. */
async function admin(/** @type {string} */ sql) {
  const client = new pg.Client({ connectionString: baseUrl.href });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const ENCODING = process.env.BENCH_ENCODING ?? 'gzip, deflate, br';

/** One autocannon run; any error, timeout or non-2xx response makes the numbers meaningless. */
async function load(
  /** @type {string} */ name,
  /** @type {string[]} */ paths,
  /** @type {number} */ seconds,
) {
  const result = await autocannon({
    url: origin,
    duration: seconds,
    connections: CONNECTIONS,
    pipelining: 1,
    // What every browser sends; BENCH_ENCODING=identity measures uncompressed responses.
    headers: { 'accept-encoding': ENCODING },
    // Each connection cycles through these in order, so the search terms rotate per request.
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${name}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx responses`,
    );
  }
  return result;
}

const baseUrl = new URL(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const dbName = `bench_catalogue_${Date.now()}`;
const dbUrl = new URL(baseUrl.href);
dbUrl.pathname = `/${dbName}`;
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;

/** @type {import('node:child_process').ChildProcess | undefined} */
let server;
/** @type {Promise<unknown> | undefined} */
let serverExited;
let serverOutput = '';
let dbCreated = false;
/** @type {string | undefined} */
let dataDir;
let exitCode = 0;

try {
  await admin(`CREATE DATABASE "${dbName}"`);
  dbCreated = true;
  dataDir = await mkdtemp(path.join(tmpdir(), 'bench-catalogue-'));

  // The server migrates and seeds the demo catalogue itself on first start.
  server = spawn(process.execPath, [serverJs], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.href,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Production requires a signing secret; a throwaway one suits a benchmark.
      AUTH_SECRET: randomBytes(32).toString('hex'),
      // A production server on a staging footing: sandbox payments and the demo event, explicitly.
      PAYMENT_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      SEED_ON_START: 'true',
      // One instance on PostgreSQL: rate limits in memory are right (config/env.ts asks).
      SINGLE_INSTANCE: 'true',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the server's output to show it only if something goes wrong.
  server.stdout?.on('data', (d) => (serverOutput += d));
  server.stderr?.on('data', (d) => (serverOutput += d));
  // Registered now so that an exit is never missed, whenever it happens.
  serverExited = new Promise((resolve) => server?.once('exit', resolve));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    const ok = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server not ready after 60 s');
    await sleep(250);
  }
  const config = /** @type {{ eventId: number }} */ (
    await (await fetch(`${origin}/api/config`)).json()
  );

  const health = ['/healthz'];
  const search = TERMS.map(
    (t) =>
      `/api/Eisteddfods/${config.eventId}/ItemsSearch?skip=0&take=15&search=${encodeURIComponent(t)}`,
  );

  // An empty catalogue or a search that matches nothing would measure very little: show the hits.
  const totals = await Promise.all(
    search.map(
      async (p) => /** @type {{ total: number }} */ (await (await fetch(origin + p)).json()).total,
    ),
  );
  console.log(`catalogue matches per term: ${TERMS.map((t, i) => `${t}=${totals[i]}`).join(', ')}`);
  if (totals.every((t) => !t))
    throw new Error('no search term matches any item; is the catalogue seeded?');

  console.log(`warming up (${WARMUP_SECONDS} s per target)...`);
  await load('warm-up healthz', health, WARMUP_SECONDS);
  await load('warm-up ItemsSearch', search, WARMUP_SECONDS);

  // Alternate the targets so drift (thermal, other load on the machine) hits both alike.
  /** @type {Record<'healthz' | 'itemsSearch', import('autocannon').Result[]>} */
  const runs = { healthz: [], itemsSearch: [] };
  for (let round = 1; round <= 2; round++) {
    console.log(`round ${round}/2 (${DURATION} s per target, ${CONNECTIONS} connections)...`);
    runs.healthz.push(await load('healthz', health, DURATION));
    runs.itemsSearch.push(await load('ItemsSearch', search, DURATION));
  }

  /** Mean requests/s over the runs, and the worst p99 (a tail latency should not be averaged away). */
  const summary = (/** @type {import('autocannon').Result[]} */ rs) => ({
    rps: rs.reduce((sum, r) => sum + r.requests.average, 0) / rs.length,
    p99: Math.max(...rs.map((r) => r.latency.p99)),
  });
  const h = summary(runs.healthz);
  const s = summary(runs.itemsSearch);
  const ratio = s.rps / h.rps;

  console.log('');
  console.log('target        req/s   p99 ms');
  for (const [name, v] of /** @type {const} */ ([
    ['healthz', h],
    ['itemsSearch', s],
  ])) {
    console.log(
      `${name.padEnd(11)} ${v.rps.toFixed(0).padStart(7)} ${v.p99.toFixed(1).padStart(8)}`,
    );
  }
  console.log(`ratio itemsSearch/healthz: ${ratio.toFixed(2)}`);
  const pass = ratio >= TARGETS.ratio && s.p99 < TARGETS.p99Ms;
  // Benchmarks never gate: below target still exits 0; only errors exit non-zero.
  console.log(
    `verdict: ${pass ? 'PASS' : 'BELOW TARGET'} (targets: ratio >= ${TARGETS.ratio}, ` +
      `itemsSearch p99 < ${TARGETS.p99Ms} ms at ${CONNECTIONS} connections)`,
  );
} catch (err) {
  exitCode = 1;
  console.error(`bench failed: ${err instanceof Error ? err.message : String(err)}`);
  if (serverOutput) console.error(`--- server output ---\n${serverOutput}`);
} finally {
  // Stop the server before dropping its database: DROP DATABASE fails while connections are open.
  if (server && serverExited) {
    server.kill('SIGTERM'); // a no-op if it already exited
    await serverExited;
  }
  if (dbCreated) {
    await admin(`DROP DATABASE IF EXISTS "${dbName}"`).catch((err) => {
      exitCode = 1;
      console.error(`could not drop database ${dbName}: ${err.message}`);
    });
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
