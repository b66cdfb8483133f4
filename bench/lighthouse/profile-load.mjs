// Where the phone's processor goes while a signed-in screen loads (issue 32): the page is
// loaded on Lighthouse's phone (a 4x slower processor; no network throttling, so that only the
// page's own work shows) under V8's sampling profiler, and prints Chromium's long frames from
// the navigation on (scripts; style and layout) and the functions with the most self time. For
// reading profiles, not for figures: the scores of record are run.mjs's.
//
//   (cd apps/web && npx vite build --minify false)   # readable names; then npm run build again
//   node bench/lighthouse/profile-load.mjs
//   PROFILE_PAGES=checkout PROFILE_TOP=40 node bench/lighthouse/profile-load.mjs
import { chromium } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setUpFamily } from './family.mjs';
import { addressOf, pagesToMeasure } from './pages.mjs';
import { startLocalServer } from '../shared/local-server.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../shared/chromium.mjs';

const TOP = Number(process.env.PROFILE_TOP ?? 25);
/** Lighthouse's mobile emulation: a processor four times slower. */
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 4000;

/**
 * @typedef {{ functionName: string, url: string, lineNumber: number, columnNumber?: number }} CallFrame
 * @typedef {{ id: number, callFrame: CallFrame, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples?: number[], timeDeltas?: number[] }} CpuProfile
 */

/** @param {CallFrame} f */
const where = (f) => `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;

/**
 * React's commits as its developer-tools hook sees them (production React calls it too): when,
 * how many components drew again (a new props object), and which most often.
 */
const COMMIT_HOOK = `window.__commits = [];
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true, renderers: new Map(), inject(r) { this.renderers.set(1, r); return 1; },
  onScheduleFiberRoot() {}, onPostCommitFiberRoot() {}, onCommitFiberUnmount() {}, checkDCE() {},
  onCommitFiberRoot(id, root) {
    const names = {};
    const starts = [];
    let drawn = 0;
    const before = window.__current || new WeakSet();
    const now = new WeakSet();
    const nameOf = (f) => { const t = f.type.type || f.type.render || f.type; return t.displayName || t.name || '?'; };
    // A component ran in this commit when its fiber is not the one committed last time (React
    // keeps the very object for a subtree it did not visit) and carries PerformedWork (flag 1).
    // Where the update started: one that ran although the component above it did not.
    const walk = (f, parentDrawn) => {
      for (; f; f = f.sibling) {
        now.add(f);
        let isDrawn = parentDrawn;
        if (typeof f.type === 'function' || typeof f.type === 'object' && f.type) {
          isDrawn = !before.has(f) && (f.flags & 1) === 1;
          if (isDrawn) {
            drawn++;
            names[nameOf(f)] = (names[nameOf(f)] || 0) + 1;
            if (!parentDrawn && starts.length < 6) starts.push(nameOf(f));
          }
        }
        walk(f.child, isDrawn);
      }
    };
    walk(root.current.child, false);
    window.__current = now;
    const top = Object.entries(names).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, c]) => n + ' ' + c).join(', ');
    window.__commits.push(Math.round(performance.now()) + ' ms: ' + drawn + ' drawn from ' + starts.join(', ') + ' (' + top + ')');
  },
};`;

/** The long frames since the navigation, as Chromium's long-animation-frame entries tell them. */
const LONG_FRAMES = `new Promise((resolve) => {
  const frames = [];
  new PerformanceObserver((list) => {
    for (const f of list.getEntries()) {
      frames.push({
        start: Math.round(f.startTime),
        ms: Math.round(f.duration),
        styleLayoutMs: Math.round(f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0),
        scripts: f.scripts.filter((s) => s.duration >= 5).map((s) => Math.round(s.duration) + ' ms ' +
          (s.invoker || s.invokerType) + ' ' + (s.sourceFunctionName || '') + ' ' +
          (s.sourceURL || '').split('/').pop()),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  setTimeout(() => resolve({ frames, commits: window.__commits, lcp: performance.getEntriesByType('largest-contentful-paint') }), 200);
})`;

/**
 * @param {string} name
 * @param {CpuProfile} profile
 */
function report(name, profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  /** @type {Map<string, number>} */
  const self = new Map();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    const ms = (deltas[i] ?? 0) / 1000;
    self.set(where(frame), (self.get(where(frame)) ?? 0) + ms);
  });
  /** @type {Map<string, number>} */
  const byFile = new Map();
  for (const [fn, ms] of self) {
    const file = fn.split(' ')[1]?.split(':')[0] || '(native)';
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  // A module's own top-level code (a chunk evaluated), with everything it called.
  const parentOf = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  /** @type {Map<string, number>} */
  const topLevel = new Map();
  (profile.samples ?? []).forEach((id, i) => {
    const ms = (deltas[i] ?? 0) / 1000;
    const seen = new Set();
    for (let n = id; n !== undefined; n = parentOf.get(n)) {
      const f = byId.get(n)?.callFrame;
      if (f && f.url && f.lineNumber === 0 && f.columnNumber === 0 && !seen.has(f.url)) {
        seen.add(f.url);
        const file = f.url.split('/').pop() ?? '';
        topLevel.set(file, (topLevel.get(file) ?? 0) + ms);
      }
    }
  });
  console.log(
    '  modules evaluated (with what they called): ' +
      [...topLevel]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([file, ms]) => `${file} ${Math.round(ms)} ms`)
        .join(', '),
  );
  // The long tasks as the profile saw them: runs of busy samples with no idle one between, each
  // with the functions that took most of it (self time) and the stacks' outermost app frame.
  /** @type {{ ms: number, at: number, self: Map<string, number>, entry: Map<string, number> }[]} */
  const tasks = [];
  let at = 0;
  /** @type {typeof tasks[number] | undefined} */
  let task;
  (profile.samples ?? []).forEach((id, i) => {
    const ms = (deltas[i] ?? 0) / 1000;
    at += ms;
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') {
      task = undefined;
      return;
    }
    if (!task) tasks.push((task = { ms: 0, at, self: new Map(), entry: new Map() }));
    task.ms += ms;
    task.self.set(where(frame), (task.self.get(where(frame)) ?? 0) + ms);
    let outer = '';
    for (let n = id; n !== undefined; n = parentOf.get(n)) {
      const f = byId.get(n)?.callFrame;
      if (f?.url && f.functionName) outer = where(f);
    }
    task.entry.set(outer, (task.entry.get(outer) ?? 0) + ms);
  });
  const best = (/** @type {Map<string, number>} */ m, /** @type {number} */ n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join('; ');
  for (const t of tasks.filter((t) => t.ms >= 50))
    console.log(
      `  task at ${Math.round(t.at)} ms: ${Math.round(t.ms)} ms\n    from ${best(t.entry, 3)}\n    self ${best(t.self, 6)}`,
    );
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(
    '  by script: ' +
      [...byFile]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([file, ms]) => `${file} ${Math.round(ms)} ms`)
        .join(', '),
  );
  console.log(`${Math.round(total)} ms busy (${name}); the functions with most self time:`);
  for (const [fn, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`${ms.toFixed(1).padStart(8)} ms  ${fn}`);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = await startLocalServer(path.join(root, 'apps/api/dist/server.js'), {
  NODE_ENV: 'development',
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const family = await setUpFamily(server.origin);
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(`for (const [key, value] of Object.entries(${JSON.stringify(family.storage)}))
    localStorage.setItem(key, value);`);
  await context.addInitScript(COMMIT_HOOK);
  for (const page of pagesToMeasure(process.env.PROFILE_PAGES ?? 'signed-in')) {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    // A first visit, as Lighthouse's: nothing cached, every script compiled.
    await tab.goto(addressOf(page, family));
    await tab.waitForTimeout(SETTLE_MS);
    const { profile } = await cdp.send('Profiler.stop');
    const seen =
      /** @type {{ commits: string[], frames: { start: number, ms: number, styleLayoutMs: number, scripts: string[] }[], lcp: { startTime: number, size: number }[] }} */ (
        await tab.evaluate(LONG_FRAMES)
      );
    console.log(`\n## ${page.name} (${addressOf(page, family)})`);
    for (const l of seen.lcp)
      console.log(`  largest paint at ${Math.round(l.startTime)} ms (${l.size} px²)`);
    for (const f of seen.frames)
      console.log(
        `  long frame from ${f.start} ms: ${f.ms} ms (style and layout ${f.styleLayoutMs})` +
          f.scripts.map((s) => `\n    ${s}`).join(''),
      );
    for (const c of seen.commits) console.log(`  commit at ${c}`);
    report(page.name, profile);
    await cdp.detach();
    await tab.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
