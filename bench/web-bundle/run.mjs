// Home route JavaScript budget: what a first visit to '/' downloads before the page can render,
// gzipped at level 9, against a fixed budget. See README.md next to this file.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.resolve(root, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
const indexPath = path.join(dist, 'index.html');
/** The module routes.tsx lazy-loads for the '' (index) route. */
const HOME_ROUTE_MODULE = 'src/features/home/HomePage.tsx';
const BUDGET_KB = 150;

/**
 * One chunk of Vite's build manifest (only the fields read here).
 * @typedef {{ file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[] }} ManifestChunk
 */

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`bench failed: ${message}`);
  process.exit(1);
}

if (!existsSync(indexPath) || !existsSync(manifestPath)) {
  fail(
    `no build with a manifest in ${path.relative(root, dist)}: run \`npm run build\` first ` +
      '(apps/web/vite.config.ts sets build.manifest).',
  );
}

/** @type {Record<string, ManifestChunk>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(indexPath, 'utf8');

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
const entry = entryKey === undefined ? undefined : manifest[entryKey];
if (!entryKey || !entry) fail('the manifest names no entry chunk');
// The page must load the entry the manifest describes, or the figures are about another build.
const scriptSrc = /<script[^>]*type="module"[^>]*src="\/?([^"]+)"/.exec(html)?.[1];
if (scriptSrc !== entry.file) {
  fail(
    `index.html loads ${scriptSrc ?? 'no module script'}, the manifest's entry is ${entry.file}`,
  );
}
const home = manifest[HOME_ROUTE_MODULE];
if (!home) fail(`the manifest has no chunk for ${HOME_ROUTE_MODULE}`);
if (!entry.dynamicImports?.includes(HOME_ROUTE_MODULE)) {
  console.warn(`note: ${HOME_ROUTE_MODULE} is not a lazy import of the entry chunk`);
}

/**
 * The chunk of `key` and every chunk it imports statically, each once, in load order.
 * @param {string} key
 * @param {Map<string, string>} seen manifest key -> why it loads
 * @param {string} reason
 */
function collect(key, seen, reason) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) fail(`the manifest has no chunk ${key}`);
  seen.set(key, reason);
  for (const imported of chunk.imports ?? []) collect(imported, seen, reason);
}

/** @type {Map<string, string>} */
const chunks = new Map();
collect(entryKey, chunks, 'entry');
collect(HOME_ROUTE_MODULE, chunks, 'home route');

const rows = [...chunks].map(([key, reason]) => {
  const file = /** @type {ManifestChunk} */ (manifest[key]).file;
  const data = readFileSync(path.join(dist, file));
  return { file, reason, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
const width = Math.max(5, ...rows.map((r) => r.file.length));
console.log(
  `${'chunk'.padEnd(width)}  ${'loaded by'.padEnd(10)}  ${'raw KB'.padStart(7)}  gzip KB`,
);
for (const r of rows) {
  console.log(
    `${r.file.padEnd(width)}  ${r.reason.padEnd(10)}  ${kb(r.raw).padStart(7)}  ${kb(r.gzip).padStart(7)}`,
  );
}
const raw = rows.reduce((sum, r) => sum + r.raw, 0);
const gzip = rows.reduce((sum, r) => sum + r.gzip, 0);
console.log(
  `${'total'.padEnd(width)}  ${`${rows.length} chunks`.padEnd(10)}  ${kb(raw).padStart(7)}  ${kb(gzip).padStart(7)}`,
);
// A benchmark never gates: over budget still exits 0.
console.log(
  `verdict: ${gzip <= BUDGET_KB * 1024 ? 'PASS' : 'OVER BUDGET'} ` +
    `(${kb(gzip)} KB gzipped of JavaScript for '/', budget ${BUDGET_KB} KB)`,
);
