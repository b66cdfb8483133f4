// The parent's journey of issue 32 on a throttled phone (750 kbps, 300 ms, 4x slower CPU,
// 375 px) in Debian's Chromium: for every tap, the time to visible feedback (goal: under
// 100 ms) and to the next usable screen; the taps from the home page to a paid entry and from
// there to a finalised upload. With BENCH_BASELINE_REV, the same journey on that revision,
// built beside this one and walked alternately with it in the same run, and the ratios.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startLocalServer } from '../shared/local-server.mjs';
import { PROFILE, walk } from './journey.mjs';
import { buildRevision } from './revision.mjs';
import { report } from './report.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../shared/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverJs = path.join(root, 'apps/api/dist/server.js');
const RUNS = Number(process.env.JOURNEY_RUNS ?? 3);
const BASELINE = process.env.BENCH_BASELINE_REV;
const chromePath = CHROMIUM_PATH;

if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('JOURNEY_RUNS must be a whole number of runs, 1 or more');
  process.exit(1);
}
if (!existsSync(serverJs)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  process.exit(1);
}

/** A local run, for its outbox reader (the pin) and sandbox payments; the demo event loaded. */
const SERVER_ENV = { NODE_ENV: 'development', SEED_ON_START: 'true' };
const load = () => `load average ${loadavg()[0]?.toFixed(1)} (1 min) on ${cpus().length} cores`;

const filesDir = await mkdtemp(path.join(tmpdir(), 'bench-journey-'));
/** @type {{ name: string, stop: () => Promise<void>, origin: string }[]} */
const servers = [];
/** @type {import('@playwright/test').Browser | undefined} */
let browser;
/** @type {(() => Promise<void>) | undefined} */
let removeRevision;
let failed = false;
try {
  // A phone's short recording: 4 s of 640x360 H.264 with sound, about 300 KB.
  const video = path.join(filesDir, 'Piano recital.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-b:v', '500k'],
    ...['-c:a', 'aac', '-shortest', video],
  ]);
  if (BASELINE) {
    const built = await buildRevision(root, BASELINE);
    removeRevision = built.remove;
    servers.push({
      name: `before (${BASELINE})`,
      ...(await startLocalServer(built.serverJs, SERVER_ENV)),
    });
  }
  servers.push({ name: 'this checkout', ...(await startLocalServer(serverJs, SERVER_ENV)) });
  browser = await chromium.launch({
    executablePath: chromePath,
    args: CHROMIUM_FLAGS,
  });
  console.log(
    `Profile: ${PROFILE.kbps} kbps, ${PROFILE.latencyMs} ms, CPU ${PROFILE.cpuSlowdown}x slower, ` +
      `${PROFILE.width} px; ${RUNS} run(s); ${load()} at the start`,
  );
  /** @type {Record<string, import('./journey.mjs').Journey[]>} */
  const walks = {};
  for (let run = 1; run <= RUNS; run++) {
    // Alternately, so that the machine's moods fall on both alike.
    for (const server of run % 2 ? servers : [...servers].reverse()) {
      const started = Date.now();
      const journey = await walk(browser, server.origin, video);
      (walks[server.name] ??= []).push(journey);
      console.log(`run ${run}, ${server.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  console.log(`${load()} at the end\n`);
  console.log(
    report(
      walks,
      servers.map((s) => s.name),
    ),
  );
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await browser?.close();
  for (const server of servers) await server.stop();
  await removeRevision?.();
  await rm(filesDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
