// What checking one uploaded file costs (decision 030): every picture, document and spreadsheet
// is decoded in a child process of its own, started for it and ended after it. This forks the
// built child (apps/api/dist/untrusted-child.js) as lib/untrusted.ts does, gives it one file of
// each kind, and prints the processor time a child took against a child that starts, says
// 'ready' and exits without a task, measured in the same run. See README.md next to this file.
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');
/** apps/api's dependencies, borrowed (the bench has no package of its own). */
const fromApi = createRequire(path.join(root, 'apps/api/package.json'));
const { values: options } = parseArgs({
  options: {
    /** Children per kind of file in each run. */
    children: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    /** Another build's child, to compare: `--child ../old/apps/api/dist/untrusted-child.js`. */
    child: { type: 'string', default: path.join(root, 'apps/api/dist/untrusted-child.js') },
  },
});
const childPath = path.resolve(options.child);
const CHILDREN = Number(options.children);
const RUNS = Number(options.runs);

if (!existsSync(childPath)) {
  console.error('Build first: npm run build');
  process.exit(1);
}

/** @type {typeof import('sharp').default} */
const sharp = fromApi('sharp');
/** @type {typeof import('write-excel-file/node').default} */
const writeXlsx = fromApi('write-excel-file/node');

/** The bench/deadline-night artwork: a one-page PDF of 200 KB. */
const PDF = (() => {
  const content = Buffer.concat([
    Buffer.from('BT /F1 12 Tf 50 780 Td (Artwork scan, page 1 of 1) Tj ET\n'),
    Buffer.alloc(200 * 1024, '% artwork scan, page 1 of 1\n'),
  ]);
  return Buffer.concat([
    Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
        '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
        '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj\n',
    ),
    Buffer.from(`4 0 obj << /Length ${content.length} >> stream\n`),
    content,
    Buffer.from('\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);
})();

/** A phone photo's size: 12 megapixels of noise would be slow; 2 MP of a gradient is typical. */
const JPEG = await sharp({
  create: { width: 1600, height: 1200, channels: 3, background: { r: 180, g: 90, b: 40 } },
})
  .jpeg({ quality: 85 })
  .toBuffer();

const sheetRows = [['Code', 'Title', 'Fee']];
for (let i = 0; i < 200; i++) sheetRows.push([`C${i}`, `Item ${i}`, '120']);
const CSV = Buffer.from(sheetRows.map((r) => r.join(',')).join('\n'));
const XLSX = await writeXlsx(sheetRows.map((r) => r.map((value) => ({ value })))).toBuffer();

/** @type {[string, string | null, unknown][]} */
const KINDS = [
  ['no task (baseline)', null, null],
  ['PDF, 200 KB', 'stripMetadata', { extension: 'pdf', data: PDF }],
  ['JPEG photo, 2 MP', 'stripMetadata', { extension: 'jpg', data: JPEG }],
  ['profile picture', 'pictureRendition', { data: JPEG, kind: 'jpeg' }],
  ['CSV sheet, 200 rows', 'parseSheet', { data: CSV }],
  ['XLSX sheet, 200 rows', 'parseSheet', { data: XLSX }],
];

/** Processor seconds of this process's ended children (cutime + cstime, in clock ticks). */
function childrenSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // After the command name (which may hold spaces): cutime and cstime are fields 16 and 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/**
 * One child as lib/untrusted.ts starts it; its answer, after it has exited.
 * @param {string | null} task
 * @param {unknown} input
 */
async function oneChild(task, input) {
  const child = fork(childPath, [], {
    stdio: 'ignore',
    serialization: 'advanced',
    execArgv: ['--max-old-space-size=512'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve) => child.once('message', resolve));
  /** @type {{ ok: boolean, message?: string } | null} */
  let answer = null;
  if (task) {
    const answered = new Promise((resolve) => child.once('message', resolve));
    child.send({ task, input });
    answer = /** @type {{ ok: boolean, message?: string }} */ (await answered);
  } else child.kill();
  await exited;
  return answer;
}

console.log(
  `file-check: ${CHILDREN} children per kind, ${RUNS} runs, load ${(loadavg()[0] ?? 0).toFixed(1)}`,
);
/** @type {Map<string, number[]>} */
const perKind = new Map();
for (let run = 1; run <= RUNS; run++) {
  /** @type {Map<string, number>} */
  const seconds = new Map();
  for (const [label, task, input] of KINDS) {
    const before = childrenSeconds();
    for (let i = 0; i < CHILDREN; i++) {
      const answer = await oneChild(task, input);
      if (answer && !answer.ok) throw new Error(`${label}: ${answer.message}`);
    }
    seconds.set(label, (childrenSeconds() - before) / CHILDREN);
  }
  const base = /** @type {number} */ (seconds.get('no task (baseline)'));
  console.log(`run ${run}`);
  for (const [label, s] of seconds) {
    const ratio = s / base;
    perKind.set(label, [...(perKind.get(label) ?? []), ratio]);
    console.log(
      `  ${label.padEnd(22)} ${(s * 1000).toFixed(0).padStart(5)} ms  ×${ratio.toFixed(2)}`,
    );
  }
}
console.log('ratio to a child without a task, median (range) of the runs:');
for (const [label, ratios] of perKind) {
  const sorted = [...ratios].sort((a, b) => a - b);
  const [median, low, high] = [sorted[Math.floor(sorted.length / 2)], sorted[0], sorted.at(-1)];
  console.log(
    `  ${label.padEnd(22)} ×${median?.toFixed(2)} (${low?.toFixed(2)}–${high?.toFixed(2)})`,
  );
}
