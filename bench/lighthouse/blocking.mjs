// How long a signed-in screen's first load blocks a phone's main thread (issue 32, decision 062),
// this build against a baseline build in the same run: on a machine shared with other work the
// absolute figures move from run to run (Lighthouse's total blocking time went from 60 to 690 ms
// for one build), but two builds loaded one after the other see the same machine, so their
// ratio says whether a change helped.
//
// Each run loads each page cold, once with each build (alternating which goes first), in Debian's
// Chromium at full speed under the DevTools protocol's tracing, and counts what Lighthouse's
// simulated phone would: every main-thread task from the first contentful paint on, times four
// (its processor is four times slower), less 50 ms. A task's time is its thread time, the
// processor time it used, so that other processes on the machine add little to it.
//
//   npm run build
//   git stash; (cd apps/web && npx vite build --outDir /tmp/base-web); git stash pop   # or any commit
//   BLOCKING_BASELINE=/tmp/base-web npm run bench:blocking
//   BLOCKING_PAGES=items BLOCKING_RUNS=5 BLOCKING_BASELINE=/tmp/base-web npm run bench:blocking
//
// Without BLOCKING_BASELINE it measures this build alone (absolute figures only).
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setUpFamily } from './family.mjs';
import { addressOf, pagesToMeasure } from './pages.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../shared/chromium.mjs';
import { startLocalServer } from '../shared/local-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverJs = path.join(root, 'apps/api/dist/server.js');
const PAGES = pagesToMeasure(process.env.BLOCKING_PAGES ?? 'items,uploads');
const RUNS = Number(process.env.BLOCKING_RUNS ?? 3);
const BASELINE = process.env.BLOCKING_BASELINE;
/** Lighthouse's mobile emulation: a processor four times slower (its simulation multiplies). */
const CPU_SLOWDOWN = 4;
/** After the network is quiet, what the page still draws. */
const SETTLE_MS = 2000;

if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('BLOCKING_RUNS must be a whole number of runs, 1 or more');
  process.exit(1);
}
if (!existsSync(serverJs)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
if (BASELINE && !existsSync(path.join(BASELINE, 'index.html'))) {
  console.error(`BLOCKING_BASELINE=${BASELINE} holds no built web app (no index.html)`);
  process.exit(1);
}

/** The trace's categories: the main thread's tasks (with their thread time) and the paints. */
const CATEGORIES = [
  'toplevel',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
];

/**
 * @typedef {{ name: string, ph: string, ts: number, dur?: number, tdur?: number, pid: number,
 *   tid: number }} TraceEvent
 * @typedef {{ blockingMs: number, wallBlockingMs: number, tasks: number[], busyMs: number }} Load
 */

/**
 * What Lighthouse's simulated phone would count as blocking in a trace of a load at full speed:
 * every main-thread task from the first contentful paint on, its duration times CPU_SLOWDOWN,
 * less 50 ms. The duration is the task's thread time (the processor time it used, which other
 * processes on a busy machine do not add to); `wallBlockingMs` is the same from wall-clock
 * durations, as Lighthouse reads them.
 * @param {TraceEvent[]} events
 * @returns {Load}
 */
function blockingIn(events) {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('the trace has no first contentful paint');
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid)
    .sort((a, b) => a.ts - b.ts);
  /** @type {TraceEvent[]} */
  const topLevel = [];
  let end = 0;
  for (const task of tasks) {
    if (task.ts < end) continue; // inside the one before
    topLevel.push(task);
    end = task.ts + (task.dur ?? 0);
  }
  const counted = topLevel.filter((t) => t.ts >= fcp.ts);
  const over = (/** @type {number} */ us) => Math.max(0, (us / 1000) * CPU_SLOWDOWN - 50);
  return {
    blockingMs: counted.reduce((sum, t) => sum + over(t.tdur ?? t.dur ?? 0), 0),
    wallBlockingMs: counted.reduce((sum, t) => sum + over(t.dur ?? 0), 0),
    tasks: counted
      .map((t) => ((t.tdur ?? t.dur ?? 0) / 1000) * CPU_SLOWDOWN)
      .filter((taskMs) => taskMs > 50),
    busyMs: (counted.reduce((sum, t) => sum + (t.tdur ?? t.dur ?? 0), 0) / 1000) * CPU_SLOWDOWN,
  };
}

/**
 * One cold load of `url` at full speed, traced, in a fresh context holding the family's session.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {Record<string, string>} storage
 * @returns {Promise<Load>}
 */
async function load(browser, url, storage) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript(
      `for (const [key, value] of Object.entries(${JSON.stringify(
        storage,
      )})) localStorage.setItem(key, value);`,
    );
    const tab = await context.newPage();
    await browser.startTracing(tab, { categories: CATEGORIES });
    await tab.goto(url, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(SETTLE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    return blockingIn(/** @type {{ traceEvents: TraceEvent[] }} */ (trace).traceEvents);
  } finally {
    await context.close();
  }
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
const describe = (/** @type {Load} */ l) =>
  `blocking ${ms(l.blockingMs)} (long tasks ${l.tasks.map(Math.round).join(', ') || 'none'}; ` +
  `busy ${ms(l.busyMs)}; ` +
  `by wall clock ${ms(l.wallBlockingMs)})`;

/** @type {{ name: string, dist: string | undefined }[]} */
const builds = [{ name: 'this build', dist: undefined }];
if (BASELINE) builds.push({ name: 'baseline', dist: path.resolve(BASELINE) });

const load1 = loadavg()[0] ?? 0;
console.log(`load average ${load1.toFixed(1)} (1 min) at the start`);
/** @type {Awaited<ReturnType<typeof startLocalServer>>[]} */
const servers = [];
for (const build of builds) {
  // One at a time: each loads the demo catalogue into a database of its own.
  servers.push(
    await startLocalServer(serverJs, {
      NODE_ENV: 'development',
      ...(build.dist ? { WEB_DIST_DIR: build.dist } : {}),
    }).catch(async (error) => {
      await Promise.all(servers.map((server) => server.stop()));
      throw error;
    }),
  );
}
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const families = await Promise.all(servers.map((server) => setUpFamily(server.origin)));
  /** @type {Map<string, Load[][]>} page name → per build, its loads */
  const results = new Map(PAGES.map((page) => [page.name, builds.map(() => [])]));
  for (let run = 1; run <= RUNS; run++) {
    for (const page of PAGES) {
      // Alternate which build goes first, so that neither always meets a warmer machine.
      const order = builds.map((_, i) => i);
      if (run % 2 === 0) order.reverse();
      for (const i of order) {
        const family = /** @type {Awaited<ReturnType<typeof setUpFamily>>} */ (families[i]);
        const server = /** @type {{ origin: string }} */ (servers[i]);
        const result = await load(browser, server.origin + addressOf(page, family), family.storage);
        results.get(page.name)?.[i]?.push(result);
        console.log(`${page.name} run ${run}, ${builds[i]?.name}: ${describe(result)}`);
      }
    }
  }
  console.log(
    `\nload average ${(loadavg()[0] ?? 0).toFixed(1)} (1 min) at the end\n` +
      `${'page'.padEnd(12)}  ${'this build'.padEnd(20)}  ${BASELINE ? 'baseline, ratio this/baseline (range)' : ''}`,
  );
  for (const page of PAGES) {
    const [mine = [], base = []] = results.get(page.name) ?? [];
    const own = mine.map((l) => l.blockingMs);
    const cell = `${ms(median(own))} (${ms(Math.min(...own))}–${ms(Math.max(...own))})`;
    if (!BASELINE) {
      console.log(`${page.name.padEnd(12)}  ${cell}`);
      continue;
    }
    const theirs = base.map((l) => l.blockingMs);
    // Each run's pair: the two builds one after the other, on the same moment of the machine.
    const ratios = own.map((value, i) => value / Math.max(1, theirs[i] ?? 0));
    console.log(
      `${page.name.padEnd(12)}  ${cell.padEnd(20)}  ${ms(median(theirs))}, ` +
        `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    );
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}
