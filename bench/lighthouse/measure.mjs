// One Lighthouse run of one page, and the per-page summary of several runs against its target.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lighthouse from 'lighthouse';

/**
 * One run's scores and the metrics behind the performance score.
 * @typedef {{ perf: number, a11y: number, metrics: string }} Run
 */

const METRICS = /** @type {const} */ ([
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
]);

/**
 * Lighthouse on `origin + address` (the page's) in the Chromium at `port`, under its default
 * mobile emulation (a mid-range phone on throttled 4G, simulated).
 * @param {number} port
 * @param {string} origin
 * @param {import('./pages.mjs').Page} page
 * @param {string} address
 * @param {number} run 1, 2, …: names the report file
 * @param {string | undefined} reportDir where to write the full report (JSON), if anywhere
 * @returns {Promise<Run>}
 */
export async function measure(port, origin, page, address, run, reportDir) {
  // On a busy machine Chromium now and then loses the trace (NO_NAVSTART, NO_FCP): that run
  // has no scores, so it is reported and made again, up to three times.
  let result;
  for (let attempt = 1; attempt <= 3; attempt++) {
    result = await lighthouse(`${origin}${address}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
    });
    const error = result?.lhr.runtimeError;
    if (!error) break;
    console.warn(`${address}: Lighthouse could not measure (${error.code}), attempt ${attempt}`);
  }
  if (reportDir && result) {
    await mkdir(reportDir, { recursive: true });
    const file = path.join(reportDir, `lighthouse-${page.name.replace(/\W+/g, '_')}-${run}.json`);
    await writeFile(file, JSON.stringify(result.lhr));
  }
  const categories = result?.lhr.categories;
  const audits = result?.lhr.audits ?? {};
  return {
    perf: Math.round((categories?.performance?.score ?? 0) * 100),
    a11y: Math.round((categories?.accessibility?.score ?? 0) * 100),
    metrics: METRICS.map(([id, short]) => `${short} ${audits[id]?.displayValue ?? '?'}`).join(', '),
  };
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/**
 * A page passes when the median of its runs reaches its target on both scores: one run is a
 * sample of a noisy machine, the median is what the page does (Lighthouse's own advice).
 * @param {Run[]} runs
 * @param {import('./pages.mjs').Target} target
 */
export function passes(runs, target) {
  return (
    median(runs.map((r) => r.perf)) >= target.performance &&
    median(runs.map((r) => r.a11y)) >= target.accessibility
  );
}

/** @param {number[]} values "97 (95–98)" */
function spread(values) {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? String(min) : `${median(values)} (${min}–${max})`;
}

/**
 * The table of every page: median and spread of each score, and a verdict against the page's
 * own target (performance/accessibility).
 * @param {{ page: import('./pages.mjs').Page, address: string, runs: Run[] }[]} results
 */
export function summary(results) {
  const label = (/** @type {{ page: { name: string }, address: string }} */ r) =>
    `${r.page.name} ${r.address}`;
  const width = Math.max(4, ...results.map((r) => label(r).length));
  const lines = [
    `${'page'.padEnd(width)}  ${'performance'.padEnd(13)}  ${'accessibility'.padEnd(13)}  ` +
      `${'target'.padEnd(7)}  verdict`,
  ];
  for (const result of results) {
    const { page, runs } = result;
    const verdict = passes(runs, page.target) ? 'PASS' : 'BELOW TARGET';
    lines.push(
      `${label(result).padEnd(width)}  ` +
        `${spread(runs.map((r) => r.perf)).padEnd(13)}  ` +
        `${spread(runs.map((r) => r.a11y)).padEnd(13)}  ` +
        `${`${page.target.performance}/${page.target.accessibility}`.padEnd(7)}  ${verdict}`,
    );
  }
  const below = results.filter(({ page, runs }) => !passes(runs, page.target)).length;
  lines.push(
    `verdict: ${below === 0 ? 'PASS' : 'BELOW TARGET'} (${results.length - below} of ` +
      `${results.length} pages at their target or more, median of ` +
      `${results[0]?.runs.length ?? 0} runs, mobile emulation)`,
  );
  return lines.join('\n');
}
