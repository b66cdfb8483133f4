// Marking benchmark (issue 34, decision 058): the time for an adjudicator to mark an entry
// through the built app in headless Chromium, from the entry opened to the next entry loaded:
// today's flow (Submit mark, back to the list, open the next) against Submit & next, on the
// same seeded event in the same run. See README.md next to this file.
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../shared/chromium.mjs';
import { startLocalServer } from '../shared/local-server.mjs';
import { seedMarking } from './seed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverJs = path.join(root, 'apps/api/dist/server.js');
/** Entries marked by each flow; the first of each is a warm-up, not counted. */
const PER_FLOW = Number(process.env.BENCH_ENTRIES ?? 7);
const ORGANISER = 'bench-organiser@example.org';
/** The Visual Arts & Design rubric's four scores, typed in turn. */
const SCORES = ['27', '25', '17', '16'];

if (!existsSync(serverJs)) {
  console.error('No built server in apps/api/dist: run `npm run build` first.');
  process.exit(1);
}

const server = await startLocalServer(serverJs, {
  NODE_ENV: 'development',
  ORGANISER_BOOTSTRAP_EMAIL: ORGANISER,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const storage = await seedMarking(server.origin, ORGANISER, 2 * PER_FLOW);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Signed in as the app keeps it (apps/web/src/lib/storage.ts), before the first page runs.
  await context.addInitScript((items) => {
    /** @type {{ localStorage: { getItem(k: string): string | null, setItem(k: string, v: string): void } }} */
    const w = /** @type {any} */ (globalThis);
    if (!w.localStorage.getItem('token')) {
      for (const [key, value] of Object.entries(items)) w.localStorage.setItem(key, value);
    }
  }, storage);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);

  /** Waits for an entry's page drawn with its rubric; its code. */
  async function entryLoaded(/** @type {string | undefined} */ not) {
    const heading = page.getByRole('heading', { level: 2, name: /^Entry E\d+$/ });
    await heading.waitFor();
    if (not)
      await page
        .getByRole('heading', { level: 2, name: `Entry ${not}` })
        .waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: /^Concept and originality, out of/ }).waitFor();
    return (await heading.innerText()).replace('Entry ', '');
  }

  /** When the mark was sent, of the entry being timed: the rest is waiting for the next one. */
  let submitted = 0;

  async function typeMark() {
    await page.getByRole('textbox', { name: /^Concept and originality, out of/ }).focus();
    for (const value of SCORES) {
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type('Bold colour, careful edges.');
  }

  /** Today's flow: Submit mark, Back to your entries, the first entry not marked. */
  async function oldFlow(/** @type {string} */ code) {
    await typeMark();
    submitted = performance.now();
    await page.getByRole('button', { name: 'Submit mark' }).click();
    await page.getByText(/You can change this mark until/).waitFor();
    await page.getByRole('link', { name: 'Back to your entries' }).click();
    const row = page
      .getByRole('table', { name: 'Entries to mark' })
      .getByRole('row')
      .filter({ hasText: 'Not marked' })
      .first();
    await row.getByRole('link').click();
    return entryLoaded(code);
  }

  /** The new flow: Ctrl+Enter, the next entry at once. */
  async function newFlow(/** @type {string} */ code) {
    await typeMark();
    submitted = performance.now();
    await page.keyboard.press('Control+Enter');
    return entryLoaded(code);
  }

  await page.goto(`${server.origin}/staff/marking`);
  await page.getByRole('table', { name: 'Entries to mark' }).getByRole('link').first().click();
  let code = await entryLoaded(undefined);
  /** @type {Record<string, number[]>} */
  const times = { old: [], new: [] };
  /** @type {Record<string, number[]>} */
  const waits = { old: [], new: [] };
  for (const [flow, step] of /** @type {const} */ ([
    ['old', oldFlow],
    ['new', newFlow],
  ])) {
    for (let n = 0; n < PER_FLOW; n++) {
      const started = performance.now();
      if (flow === 'new' && n === PER_FLOW - 1) {
        // The last entry: Submit & next says all are marked and goes back to the list.
        await typeMark();
        submitted = performance.now();
        await page.keyboard.press('Control+Enter');
        await page.getByText(/marked · 0 left/).waitFor();
      } else {
        code = await step(code);
      }
      const ended = performance.now();
      if (n > 0) {
        times[flow]?.push(ended - started);
        waits[flow]?.push(ended - submitted);
      }
    }
  }

  const median = (/** @type {number[]} */ xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)] ?? NaN;
  };
  const f = (/** @type {number} */ ms) => `${ms.toFixed(0)} ms`;
  /** @param {string} label @param {Record<string, number[]>} xs */
  function report(label, xs) {
    const o = median(xs.old ?? []);
    const n = median(xs.new ?? []);
    console.log(label);
    console.log(
      `  today's flow (Submit mark, list, open next): median ${f(o)}  [${(xs.old ?? []).map(f).join(', ')}]`,
    );
    console.log(
      `  Submit & next:                               median ${f(n)}  [${(xs.new ?? []).map(f).join(', ')}]`,
    );
    console.log(`  ratio (today / Submit & next): ${(o / n).toFixed(2)}`);
  }
  console.log(
    `${PER_FLOW - 1} entries timed per flow (after one warm-up), 1280 px, keyboard typing`,
  );
  report('per entry, from opening it to the next entry loaded (typing the mark included):', times);
  report('of which from sending the mark to the next entry loaded:', waits);
} finally {
  await browser.close();
  await server.stop();
}
