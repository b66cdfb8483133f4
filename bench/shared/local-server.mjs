// A built server of the app on a free loopback port, on embedded defaults (PGlite, disk
// storage, the outbox): what a benchmark measures against. Each one gets a data folder of its
// own, removed when it stops.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `serverJs` and waits for /readyz.
 * @param {string} serverJs the built server (apps/api/dist/server.js of some checkout)
 * @param {Record<string, string>} env added to a local run's settings
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
export async function startLocalServer(serverJs, env = {}) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-server-'));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverJs], {
    cwd: path.dirname(serverJs),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: origin,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  async function stop() {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
  for (let i = 0; ; i++) {
    const ready = await fetch(`${origin}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    // Three minutes: on a machine busy with other work, a fresh database took more than one.
    if (i > 360 || child.exitCode !== null) {
      await stop();
      throw new Error(`the server at ${serverJs} did not become ready`);
    }
    await sleep(500);
  }
  return { origin, stop };
}
