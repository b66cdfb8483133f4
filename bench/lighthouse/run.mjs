// Lighthouse on the built app's pages under mobile emulation, in Debian's Chromium: prints the
// performance and accessibility scores of each page, several runs each, against its target (95
// on both for the public pages, issues 7 and 19; 90 and 100 for the signed-in screens, issue 32). A measurement: it exits 0 below target unless LIGHTHOUSE_STRICT=1, and 1
// when something fails to run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { measure, passes, summary } from './measure.mjs';
import { setUpFamily } from './family.mjs';
import { addressOf, PENDING_LOGIN, pagesToMeasure, setStorage } from './pages.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../shared/chromium.mjs';
import { HTTPS_FLAGS, startHttpsProxy } from '../shared/https-proxy.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverJs = path.join(root, 'apps/api/dist/server.js');
const PAGES = pagesToMeasure(process.env.LIGHTHOUSE_PATHS);
/**
 * The signed-in pages need a family, and a family needs a pin: only a local run's outbox gives
 * one (a production server has no reader), so then the server is a local run, said below.
 */
const SIGNED_IN = PAGES.some((page) => page.signedIn);
/** Runs of each page: the verdict is on their median. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Where to write each run's full Lighthouse report (JSON), for looking into a score. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/**
 * Families reach the portal through Caddy (deploy/Caddyfile): TLS and HTTP/2, so a screen's
 * chunks share one connection. The bench measures the same way, unless LIGHTHOUSE_HTTP1=1 (the
 * bare Node server, HTTP/1.1 and six connections at a time, as before decision 053).
 */
const HTTP1 = process.env.LIGHTHOUSE_HTTP1 === '1';
/** Exit 1 when a page is below target (a gate, for whoever wants one). */
const STRICT = process.env.LIGHTHOUSE_STRICT === '1';

if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('LIGHTHOUSE_RUNS must be a whole number of runs, 1 or more');
  process.exit(1);
}
if (!existsSync(serverJs)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const chromePath = CHROMIUM_PATH;
// chrome-launcher throws a missing browser out of reach of the try below, which would leave the
// server running: check first.
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  process.exit(1);
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const proxyPort = HTTP1 ? port : await freePort();
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'));
/** The server itself: the family is set up and the server warmed through it. */
const origin = `http://127.0.0.1:${port}`;
/** What Lighthouse loads: the server, or the proxy in front of it. */
const measured = HTTP1 ? origin : `https://127.0.0.1:${proxyPort}`;
const server = spawn(process.execPath, [serverJs], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // A local run (NODE_ENV=development) only for the signed-in pages, for its outbox reader.
    NODE_ENV: SIGNED_IN ? 'development' : 'production',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    // A production server on a staging footing: sandbox payments and the demo event, explicitly.
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    SEED_ON_START: 'true',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: measured,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

/** @typedef {import('./measure.mjs').Run} Run */

function load() {
  const [one, five] = loadavg().map((n) => n.toFixed(1));
  return `load average ${one} (1 min), ${five} (5 min) on ${cpus().length} cores`;
}

/** @type {import('chrome-launcher').LaunchedChrome | undefined} */
let chrome;
/** @type {{ stop: () => Promise<void> } | undefined} */
let proxy;
let failed = false;
let belowTarget = 0;
try {
  for (let i = 0; ; i++) {
    const ready = await fetch(`${origin}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (i > 120) throw new Error('the server did not become ready');
    await sleep(500);
  }
  if (!HTTP1) proxy = await startHttpsProxy(proxyPort, origin);
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: HTTP1 ? CHROMIUM_FLAGS : [...CHROMIUM_FLAGS, ...HTTPS_FLAGS],
  });
  // The machine's load moves the scores (blocking time most): it is printed with them.
  console.log(`${load()} at the start`);
  if (SIGNED_IN) {
    console.log(
      'Signed-in pages: the server is a local run (NODE_ENV=development) for its outbox reader',
    );
  }
  console.log(
    HTTP1
      ? `Measured at ${measured}: the bare server, HTTP/1.1 (LIGHTHOUSE_HTTP1=1)`
      : `Measured at ${measured}: TLS and HTTP/2 in front of the server, as Caddy serves it`,
  );
  // One family for every signed-in page: a Grade 2 contestant, a paid order, a cart.
  const family = SIGNED_IN ? await setUpFamily(origin) : undefined;
  /** @type {{ page: import('./pages.mjs').Page, address: string, runs: Run[] }[]} */
  const results = [];
  for (const page of PAGES) {
    const address = addressOf(page, family);
    const stored = page.pendingLogin ? PENDING_LOGIN : page.signedIn ? family?.storage : undefined;
    if (stored) await setStorage(root, chrome.port, measured, stored, true);
    // A first visit warms the server's caches; the measured runs come after it.
    await fetch(`${origin}${address}`);
    /** @type {Run[]} */
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const result = await measure(chrome.port, measured, page, address, run, REPORT_DIR);
      runs.push(result);
      console.log(
        `${page.name} (${address}) run ${run}: performance ${result.perf}, ` +
          `accessibility ${result.a11y}; ${result.metrics}`,
      );
    }
    if (stored) await setStorage(root, chrome.port, measured, stored, false);
    results.push({ page, address, runs });
  }
  console.log(`\n${load()} at the end`);
  console.log(summary(results));
  belowTarget = results.filter(({ page, runs }) => !passes(runs, page.target)).length;
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await chrome?.kill();
  await proxy?.stop();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed || (STRICT && belowTarget > 0) ? 1 : 0);
