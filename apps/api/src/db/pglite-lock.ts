import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { hostname } from 'node:os';
import { StartupRefusal } from './startup-refusal.ts';

/**
 * One process at a time opens an embedded database folder (decision 037). PGlite keeps its
 * pages in the process's memory and writes them out on its own schedule: a second process on
 * the same folder (`npm run staff:add` while `npm start` runs) worked on its own copy, said
 * "account created", and the server never saw the account. The lock is a file beside the
 * folder naming the process that holds it; a lock whose process has ended is taken over.
 */
export function lockPgliteFolder(folder: string): () => void {
  const lockFile = `${folder}.lock`;
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
      held.add(lockFile);
      return () => {
        held.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(lockFile);
    if (holder && isAlive(holder, lockFile)) {
      throw new StartupRefusal(
        `The embedded database in ${folder} is open in another process (pid ${holder.pid} on ` +
          `${holder.host}, since ${holder.since}), and only one process at a time may open it: ` +
          'stop the server before running a command on it (npm run staff:add, seed, backup, ' +
          'restore, storage:check, move-to-postgres), ' +
          'or give every process the same DATABASE_URL. If that process has ended, delete ' +
          `${lockFile}.`,
      );
    }
    // Its process has ended (a crash, a kill -9): the lock is stale.
    rmSync(lockFile, { force: true });
  }
  throw new StartupRefusal(`Another process took ${lockFile} at the same moment; try again.`);
}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

/** Folders this process holds: a second open in the same process is refused as well. */
const held = new Set<string>();

function readHolder(lockFile: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<Holder>;
    if (typeof holder.pid !== 'number' || typeof holder.host !== 'string') return undefined;
    return { pid: holder.pid, host: holder.host, since: String(holder.since) };
  } catch {
    // Half-written by a process that died at that instant, or unreadable: stale.
    return undefined;
  }
}

function isAlive(holder: Holder, lockFile: string): boolean {
  // Another machine's process (a folder on a shared volume) cannot be looked at: held.
  if (holder.host !== hostname()) return true;
  // This process's own pid, not held here: an earlier life of a container whose server is
  // always the same pid (1), ended without closing.
  if (holder.pid === process.pid) return held.has(lockFile);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
