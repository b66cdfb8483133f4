import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { StartupRefusal } from './startup-refusal.ts';

const parent = mkdtempSync(path.join(tmpdir(), 'pglite-lock-'));
const folder = path.join(parent, 'pglite');
const lockFile = `${folder}.lock`;
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A process of this machine that runs until killed, and one that has ended. */
async function processes() {
  const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600_000)']);
  const ended = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => ended.on('exit', resolve));
  return { running, endedPid: ended.pid! };
}

const holder = (pid: number) =>
  JSON.stringify({ pid, host: hostname(), since: '2026-11-27T14:00:00.000Z' });

// `npm run staff:add` while `npm start` ran on the embedded database said "account created" and
// the account never appeared: each process had its own copy of the folder (decision 037).
it('opens an embedded database folder in one process at a time, and takes over a stale lock', async () => {
  const { running, endedPid } = await processes();
  try {
    const first = await openDatabase({ pgliteDir: folder });
    // A second open while the first is open, here or in another process, is refused plainly.
    const second = await openDatabase({ pgliteDir: folder }).catch((err: unknown) => err);
    expect(second).toBeInstanceOf(StartupRefusal);
    expect((second as Error).message).toMatch(
      new RegExp(`embedded database in ${folder} is open in another process \\(pid ${process.pid}`),
    );
    expect((second as Error).message).toContain('stop the server before running a command');
    await first.ping();
    await first.close();
    expect(existsSync(lockFile)).toBe(false);

    writeFileSync(lockFile, holder(running.pid!));
    const whileRunning = await openDatabase({ pgliteDir: folder }).catch((err: unknown) => err);
    expect((whileRunning as Error).message).toContain(`(pid ${running.pid} on ${hostname()}`);

    // The holder ended without closing (a crash, a kill -9): its lock is taken over.
    writeFileSync(lockFile, holder(endedPid));
    const afterCrash = await openDatabase({ pgliteDir: folder });
    await afterCrash.ping();
    await afterCrash.close();
    expect(existsSync(lockFile)).toBe(false);
  } finally {
    running.kill();
  }
}, 240_000);
