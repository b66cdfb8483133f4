#!/usr/bin/env node
// Rehearses the Dockerfile on a machine without a container engine (decision 040): each stage's
// COPY, WORKDIR, ENV and RUN, in the Dockerfile's own words, in a folder per stage, then the
// image's CMD as a user without privileges, its HEALTHCHECK, /readyz and a SIGTERM.
//
//   node deploy/rehearse-image.mjs [--keep]      (REHEARSAL_PORT, default 3500)
//
// What it cannot do, it says: the base image is this machine (its Node and Debian), `apt-get`
// lines are checked against the packages installed here instead of run, and absolute paths in
// the Dockerfile (/app, /data) are moved under the rehearsal's folder. The context is what git
// holds or would hold (`git ls-files -co --exclude-standard`) less .dockerignore's patterns.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const keep = process.argv.includes('--keep');
const port = Number(process.env.REHEARSAL_PORT ?? 3500);
const root = mkdtempSync(path.join(tmpdir(), 'image-rehearsal-'));
chmodSync(root, 0o755);
const failures = [];
const say = (line) => console.log(line);
function check(ok, what) {
  say(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

// The image's `node` user (uid 1000) is this machine's `nobody` when it has no `node`.
const runAs = ['node', 'nobody']
  .map((name) => ({ name, id: spawnSync('id', ['-u', name], { encoding: 'utf8' }) }))
  .find((u) => u.id.status === 0);
const uid = Number(runAs.id.stdout);
const gid = Number(spawnSync('id', ['-g', runAs.name], { encoding: 'utf8' }).stdout);
if (userInfo().uid !== 0) say('note: not root, so the server runs as this user, not as nobody');

// ---- the Dockerfile as instructions: continuation lines joined, comments dropped.
const lines = readFileSync(path.join(repo, 'Dockerfile'), 'utf8')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const args = {};
const stages = [];
for (const line of lines) {
  const [, keyword, rest] = /^(\w+)\s+(.*)$/.exec(line);
  const text = rest.replace(/\$\{(\w+)\}/g, (_, name) => args[name] ?? '');
  if (keyword === 'ARG' && stages.length === 0) {
    const [name, value] = text.split('=');
    args[name] = value;
  } else if (keyword === 'FROM') {
    const [image, , name] = text.split(/\s+/);
    stages.push({ image, name, steps: [] });
  } else {
    stages.at(-1).steps.push({ keyword, text });
  }
}

// ---- the context, as the engine would get it.
const ignored = readFileSync(path.join(repo, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map(
    (p) =>
      new RegExp(
        `^${p
          .replace(/^\//, '')
          .replace(/\*\*\//g, '(.*/)?')
          .replace(/\*/g, '[^/]*')}(/|$)`,
      ),
  );
const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
  cwd: repo,
  encoding: 'utf8',
})
  .stdout.split('\0')
  .filter((f) => f && existsSync(path.join(repo, f)) && !ignored.some((re) => re.test(f)));
const context = path.join(root, 'context');
for (const f of files) cpSync(path.join(repo, f), path.join(context, f));
say(`context: ${files.length} files (${root})`);

// ---- each stage in its own folder; absolute paths of the image live under it.
const stageRoot = (name) => path.join(root, 'stages', name);
const inStage = (name, p) => path.join(stageRoot(name), p);
const npmCache = path.join(root, 'npm-cache');

let final;
for (const stage of stages) {
  say(`\n== stage ${stage.name} (FROM ${stage.image}; here: Node ${process.version})`);
  mkdirSync(stageRoot(stage.name), { recursive: true });
  chmodSync(path.join(root, 'stages'), 0o755);
  chmodSync(stageRoot(stage.name), 0o755);
  const state = { cwd: stageRoot(stage.name), env: {}, user: 'root', volumes: [] };
  const mapValue = (v) => (v.startsWith('/') ? inStage(stage.name, v) : v);
  for (const { keyword, text } of stage.steps) {
    if (keyword === 'WORKDIR') {
      state.cwd = inStage(stage.name, text);
      mkdirSync(state.cwd, { recursive: true });
    } else if (keyword === 'ENV') {
      for (const [, k, v] of text.matchAll(/(\w+)=(\S+)/g)) state.env[k] = mapValue(v);
    } else if (keyword === 'COPY') {
      const parts = text.split(/\s+/);
      const from = parts[0].startsWith('--from=') ? parts.shift().slice(7) : undefined;
      const dest = parts.pop();
      const target = dest.startsWith('/') ? inStage(stage.name, dest) : path.join(state.cwd, dest);
      for (const src of parts) {
        const source = from ? inStage(from, src) : path.join(context, src);
        const into = dest.endsWith('/') || parts.length > 1;
        const to = into ? path.join(target, path.basename(src)) : target;
        if (!existsSync(source)) check(false, `COPY ${src}: not in the ${from ?? 'context'}`);
        else cpSync(source, to, { recursive: true });
      }
    } else if (keyword === 'RUN') {
      const apt = /apt-get install[^&]*?((?:\s+[a-z0-9.+-]+)+)\s*(&&|$)/.exec(text);
      if (apt) {
        for (const pkg of apt[1]
          .trim()
          .split(/\s+/)
          .filter((p) => !p.startsWith('-'))) {
          // Not installed here: the rehearsal goes on without it (the server refuses to start
          // without ffmpeg, so that one is checked by the run itself).
          const installed = spawnSync('dpkg', ['-s', pkg], { stdio: 'ignore' }).status === 0;
          say(
            `${installed ? 'ok  ' : 'note'} apt package ${pkg}: ${installed ? '' : 'not '}installed here`,
          );
        }
        continue;
      }
      // The image's absolute paths and its `node` user, as they are here.
      const command = text
        .replace(/(^|\s)\/(\w)/g, (_, s, c) => `${s}${stageRoot(stage.name)}/${c}`)
        .replace(/\bnode:node\b/g, `${uid}:${gid}`);
      say(`RUN ${text}`);
      const started = Date.now();
      const run = spawnSync('bash', ['-c', command], {
        cwd: state.cwd,
        stdio: 'inherit',
        env: { ...process.env, ...state.env, npm_config_cache: npmCache },
      });
      check(
        run.status === 0,
        `RUN ${text.slice(0, 70)}… (${Math.round((Date.now() - started) / 1000)} s)`,
      );
      if (run.status !== 0) break;
    } else if (keyword === 'USER') state.user = text;
    else if (keyword === 'HEALTHCHECK')
      state.healthcheck = JSON.parse(text.slice(text.indexOf('CMD') + 3));
    else if (keyword === 'ENTRYPOINT') state.entrypoint = JSON.parse(text);
    else if (keyword === 'CMD') state.cmd = JSON.parse(text);
    else if (keyword === 'VOLUME') state.volumes.push(...JSON.parse(text));
  }
  final = { stage, state };
  if (failures.length > 0) break;
}

// ---- the runtime image: what it holds, then the server as the image runs it.
async function runImage({ stage, state }) {
  say(`\n== running stage ${stage.name} as ${runAs.name} (the image's ${state.user})`);
  const modules = path.join(state.cwd, 'node_modules');
  for (const dev of [
    'esbuild',
    'tsx',
    'drizzle-kit',
    'vitest',
    'vite',
    'typescript',
    '@playwright/test',
  ]) {
    check(!existsSync(path.join(modules, dev)), `no development package ${dev} in the image`);
  }
  const du = spawnSync('du', ['-sm', modules], { encoding: 'utf8' }).stdout.split('\t')[0];
  say(`node_modules: ${du} MB`);
  const tini = state.entrypoint?.[0];
  const argv = tini && existsSync(tini) ? [...state.entrypoint, ...state.cmd] : state.cmd;
  if (argv === state.cmd) say(`note: ${tini} is not installed here: the CMD runs without it`);
  const asUser = userInfo().uid === 0 ? { uid, gid } : {};
  const base = { ...state.env, PATH: process.env.PATH, HOME: state.cwd };

  // With nothing set, the image's server refuses to start, naming what is missing.
  const bare = spawnSync(argv[0], argv.slice(1), {
    cwd: state.cwd,
    env: base,
    encoding: 'utf8',
    ...asUser,
    timeout: 60_000,
  });
  check(
    bare.status === 1 && /AUTH_SECRET[\s\S]*PUBLIC_URL[\s\S]*PAYMENT_PROVIDER/.test(bare.stderr),
    'with no settings it refuses to start, naming AUTH_SECRET, PUBLIC_URL and PAYMENT_PROVIDER',
  );

  const env = {
    ...base,
    PORT: String(port),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'https://entries.example.org',
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    LOG_LEVEL: 'info',
  };
  // Its log goes to a file, shown when a check fails: a fresh PGlite database takes 45 s to
  // create and migrate on a busy 2-core machine, so the wait is generous.
  const logFile = path.join(root, 'server.log');
  const log = openSync(logFile, 'w');
  const server = spawn(argv[0], argv.slice(1), {
    cwd: state.cwd,
    env,
    stdio: ['ignore', log, log],
    ...asUser,
  });
  const exited = new Promise((resolve) =>
    server.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = Date.now();
  let healthy = false;
  const waitMs = Number(process.env.REHEARSAL_START_SECONDS ?? 240) * 1000;
  while (!healthy && Date.now() - started < waitMs && server.exitCode === null) {
    await new Promise((r) => setTimeout(r, 1000));
    const [cmd, ...rest] = state.healthcheck;
    healthy = spawnSync(cmd, rest, { env, cwd: state.cwd, ...asUser }).status === 0;
  }
  check(healthy, `HEALTHCHECK passes (${Math.round((Date.now() - started) / 1000)} s after start)`);
  if (healthy) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    check(
      ready.status === 200,
      `/readyz answers ${ready.status}: ${(await ready.text()).slice(0, 200)}`,
    );
    const home = await fetch(`http://127.0.0.1:${port}/`);
    check(
      home.status === 200 && (await home.text()).includes('<div id="root">'),
      'the web app is served at /',
    );
    const data = readFileSync(path.join(state.env.DATA_DIR ?? '', 'pglite', 'PG_VERSION'), 'utf8');
    check(data.length > 0, `the database lives in DATA_DIR (${state.env.DATA_DIR})`);
  }
  server.kill('SIGTERM');
  const end = await Promise.race([
    exited,
    new Promise((r) => setTimeout(() => r({ timeout: true }), 20_000)),
  ]);
  check(end.code === 0, `SIGTERM: it exits cleanly (${JSON.stringify(end)})`);
  if (end.timeout) server.kill('SIGKILL');
  if (failures.length > 0)
    say(
      `server log (last lines):\n${readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n')}`,
    );
}

if (failures.length === 0 && final) await runImage(final);
if (!keep) rmSync(root, { recursive: true, force: true });
say(failures.length ? `\nFAIL: ${failures.length} check(s) failed` : '\nPASS: the image rehearsed');
process.exit(failures.length ? 1 : 0);
