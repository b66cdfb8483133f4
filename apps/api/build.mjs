// Bundles the server into dist/: our own workspace packages are inlined (they ship TypeScript
// source); every npm dependency stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@eisteddfod/'));
const common = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: [
    'src/server.ts',
    'src/seed.ts',
    'src/staff-add.ts',
    'src/backup.ts',
    'src/restore.ts',
    'src/storage-check.ts',
    'src/move-to-postgres.ts',
  ],
});

// The child process that decodes families' and organisers' files (decision 030), beside server.js
// where lib/untrusted.ts looks for it. Split, so that each task loads only its own decoders: a
// child starts for every file, and loading them all took 1.3 s where a picture's took 0.5 s.
// The pure ES-module decoders are bundled in too, minified: Node loading pdf-lib's 300 CommonJS
// files from node_modules took 0.33 s of processor time, its one bundled file 0.08 s. The rest
// stay in node_modules: sharp is native, libheif-js WebAssembly (HEIC only), and read-excel-file
// (XLSX only) requires Node's modules from CommonJS, which an ES-module bundle cannot.
const CHILD_BUNDLED = ['pdf-lib', 'fflate', 'csv-parse'];
await build({
  ...common,
  entryPoints: ['src/untrusted-child.ts'],
  external: external.filter((name) => !CHILD_BUNDLED.includes(name)),
  minify: true,
  splitting: true,
  chunkNames: 'untrusted-child/[name]-[hash]',
});
