// Where the phone's processor goes in the taps within a screen (issue 32): each tap is made on
// the journey's phone (a 4x slower processor; no network throttling, so that only the page's
// own work shows) under V8's sampling profiler, and the functions with the most self time are
// printed, with the callers of the native ones named in PROFILE_CALLERS. For reading profiles,
// not for figures: the feedback times of record are run.mjs's.
//
//   npm run build            # or, for readable names: (cd apps/web && npx vite build --minify false)
//   node bench/throttled-journey/profile-taps.mjs
//   PROFILE_TOP=30 PROFILE_CALLERS=appendChild,focus node bench/throttled-journey/profile-taps.mjs
import { chromium } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setUpFamily } from '../lighthouse/family.mjs';
import { startLocalServer } from '../shared/local-server.mjs';
import { PROFILE } from './journey.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../shared/chromium.mjs';

const TOP = Number(process.env.PROFILE_TOP ?? 18);
const CALLERS = (process.env.PROFILE_CALLERS ?? '').split(',').filter(Boolean);
/** The page settles before a tap, and its work is recorded for this long after it. */
const SETTLE_MS = 1500;

/**
 * From the click as the page took it in (Playwright's own checks before it are not the app's)
 * to the first change that is not a focus or hover mark, and the frame after it.
 */
const FIRST_CHANGE = `new Promise((resolve) => {
  const IGNORED = new Set(['data-focus', 'data-hovered', 'data-active', 'data-pressed']);
  let clickAt = 0;
  // The frames longer than 50 ms meanwhile, with what took their time (Chromium's
  // long-animation-frame entries): scripts, then style and layout, then the rest of rendering.
  const frames = [];
  new PerformanceObserver((list) => {
    for (const f of list.getEntries()) {
      if (clickAt === 0 || f.startTime + f.duration < clickAt) continue;
      const scripts = f.scripts.map((s) => ({
        ms: Math.round(s.duration),
        what: (s.invoker || s.invokerType) + ' ' + (s.sourceFunctionName || '') + ' ' +
          (s.sourceURL || '').split('/').pop(),
      }));
      frames.push({
        start: Math.round(f.startTime - clickAt),
        ms: Math.round(f.duration),
        scriptMs: scripts.reduce((a, s) => a + s.ms, 0),
        styleLayoutMs: Math.round(f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0),
        blockingMs: Math.round(f.blockingDuration),
        scripts: scripts.filter((s) => s.ms >= 5),
      });
    }
  }).observe({ type: 'long-animation-frame' });
  addEventListener('click', (e) => (clickAt = e.timeStamp), { capture: true, once: true });
  new MutationObserver((records, observer) => {
    const first = records.find((m) => clickAt > 0 && !document.head.contains(m.target) &&
      !(m.type === 'attributes' && IGNORED.has(m.attributeName ?? '')));
    if (!first) return;
    observer.disconnect();
    const changed = Math.round(performance.now() - clickAt);
    const what = first.type + ' ' + first.target.nodeName + ' ' + (first.attributeName ?? '');
    requestAnimationFrame(() => {
      const frame = Math.round(performance.now() - clickAt);
      // The long frames are reported once they end.
      setTimeout(() => resolve({ changed, frame, what, frames }), 300);
    });
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})`;

/**
 * @typedef {{ start: number, ms: number, scriptMs: number, styleLayoutMs: number,
 *   blockingMs: number, scripts: { ms: number, what: string }[] }} LongFrame
 * @typedef {{ changed: number, frame: number, what: string, frames: LongFrame[] }} FirstChange
 * @typedef {{ functionName: string, url: string, lineNumber: number }} CallFrame
 * @typedef {{ id: number, callFrame: CallFrame, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples?: number[], timeDeltas?: number[] }} CpuProfile
 */

/** @param {CallFrame} f */
const where = (f) => `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;

/**
 * @param {string} name
 * @param {CpuProfile} profile
 * @param {FirstChange} change
 */
function report(name, profile, change) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  /** @type {Map<string, number>} */
  const self = new Map();
  /** @type {Map<string, number>} */
  const chains = new Map();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    const ms = (deltas[i] ?? 0) / 1000;
    self.set(where(frame), (self.get(where(frame)) ?? 0) + ms);
    if (!CALLERS.includes(frame.functionName)) return;
    const callers = [];
    for (let p = parentOf.get(id); p !== undefined && callers.length < 6; p = parentOf.get(p)) {
      const caller = byId.get(p)?.callFrame;
      if (caller) callers.push(where(caller));
    }
    const chain = `${frame.functionName} < ${callers.join(' < ')}`;
    chains.set(chain, (chains.get(chain) ?? 0) + ms);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\n## ${name}: changed ${change.changed} ms after the click, its frame at ${change.frame} ms` +
      ` (${change.what.trim()}); ${Math.round(total)} ms of scripting in ${SETTLE_MS / 1000} s`,
  );
  for (const f of change.frames) {
    console.log(
      `  long frame from ${f.start} ms: ${f.ms} ms (scripts ${f.scriptMs}, style and layout ` +
        `${f.styleLayoutMs}, blocking ${f.blockingMs})` +
        f.scripts.map((s) => `\n    ${s.ms} ms ${s.what}`).join(''),
    );
  }
  const top = (/** @type {Map<string, number>} */ m, /** @type {number} */ n) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  for (const [chain, ms] of top(chains, 4))
    console.log(`  ${ms.toFixed(1).padStart(6)} ms  ${chain}`);
  for (const [fn, ms] of top(self, TOP)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${fn}`);
}

/**
 * @param {import('@playwright/test').Page} page
 * @param {string} name
 * @param {import('@playwright/test').Locator} target
 */
async function profileTap(page, name, target) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await target.waitFor();
  await page.waitForTimeout(SETTLE_MS);
  await cdp.send('Profiler.start');
  const change = page.evaluate(FIRST_CHANGE);
  await target.click();
  // A tap that leaves the page (to the payment provider's) ends the count with it.
  const left = { changed: NaN, frame: NaN, what: 'the page was left', frames: [] };
  const seen = /** @type {FirstChange} */ (await change.catch(() => left));
  await page.waitForTimeout(SETTLE_MS);
  const { profile } = await cdp.send('Profiler.stop');
  report(name, profile, seen);
  await cdp.detach();
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = await startLocalServer(path.join(root, 'apps/api/dist/server.js'), {
  NODE_ENV: 'development',
});
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
const phone = {
  baseURL: server.origin,
  viewport: { width: PROFILE.width, height: PROFILE.height },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
try {
  const visitor = await browser.newContext(phone);
  const register = await visitor.newPage();
  await register.goto('/register');
  await register.getByRole('textbox', { name: 'First Name' }).fill('Ayanda');
  await register.getByRole('textbox', { name: 'Surname' }).fill('Mokoena');
  await register.getByRole('textbox', { name: 'Email' }).fill(`profile-${Date.now()}@example.com`);
  const createAccount = register.getByRole('button', { name: 'Create An Account' });
  await profileTap(register, 'Create An Account', createAccount);
  await visitor.close();

  // A signed-in family with a contestant, a paid order and a cart (the Lighthouse bench's).
  const family = await setUpFamily(server.origin);
  const context = await browser.newContext(phone);
  // Once per tab: the session as the app keeps it (bench/lighthouse/family.mjs).
  await context.addInitScript(`if (!sessionStorage.getItem('profile.seeded')) {
    sessionStorage.setItem('profile.seeded', '1');
    for (const [key, value] of Object.entries(${JSON.stringify(family.storage)}))
      localStorage.setItem(key, value);
  }`);
  const page = await context.newPage();
  await page.goto(`/${family.storage.customerId}/create-participant-profile`);
  await profileTap(page, 'Female', page.getByRole('radio', { name: 'Female' }));
  const terms = page.getByRole('checkbox', { name: 'Terms & Conditions' });
  await profileTap(page, 'Terms & Conditions', terms);
  const accept = page
    .getByRole('dialog', { name: 'Terms & Conditions' })
    .getByRole('button', { name: 'I Accept' });
  await profileTap(page, 'Terms & Conditions: I Accept', accept);
  await page.goto(`/${family.contestantId}/categories/${family.categoryId}/items`);
  await profileTap(page, 'View Cart', page.getByRole('button', { name: /^View Cart/ }));
  await page.goto('/checkout');
  const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
  await profileTap(page, 'Proceed to Payment', proceed);
} finally {
  await browser.close();
  await server.stop();
}
