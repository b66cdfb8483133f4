import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { plainHeic } from '../test/bombs.ts';
import { UnreadableFileError } from './strip-metadata/errors.ts';
import { MAX_WAITING, runUntrusted, stopUntrustedChildren } from './untrusted.ts';

// The second line of defence (decision 030): a file within every size check that still costs
// too much (a decoder's bug, a format whose cost no header tells) is stopped by its child's limits.

describe('runUntrusted', () => {
  // 81 megapixels: within the entry files' limit, but 1.2 GB and seconds to decode.
  const heic = plainHeic(9000, 9000);

  it('kills a child over its memory limit, and refuses the file', async () => {
    const started = performance.now();
    const refused = runUntrusted(
      'stripMetadata',
      { extension: 'heic', data: heic },
      { timeoutMs: 60_000, maxMemoryMb: 300 },
    );
    await expect(refused).rejects.toThrow(UnreadableFileError);
    await expect(refused).rejects.toThrow('Decoding the file needed more than 300 MB');
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('kills a child over its time limit, and refuses the file', async () => {
    const refused = runUntrusted(
      'stripMetadata',
      { extension: 'heic', data: heic },
      { timeoutMs: 1_000, maxMemoryMb: 4096 },
    );
    await expect(refused).rejects.toThrow('Decoding the file took more than 1 s');
  }, 60_000);

  it('gives back what the task threw, as the same kind of error', async () => {
    const refused = runUntrusted(
      'parseSheet',
      { data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]) },
      { timeoutMs: 20_000, maxMemoryMb: 256 },
    );
    await expect(refused).rejects.toMatchObject({
      name: 'AppError',
      statusCode: 415,
      code: 'IMPORT_UNREADABLE',
    });
  }, 60_000);

  it('refuses a request at once with 503 when every child is busy and the line is full', async () => {
    const long = { timeoutMs: 60_000, maxMemoryMb: 4096 };
    const quick = { timeoutMs: 20_000, maxMemoryMb: 256 };
    const notASheet = { data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]) };
    // Every child busy with a long decoding, and MAX_WAITING files waiting behind them.
    const busy = Array.from({ length: Math.max(1, availableParallelism()) }, () =>
      runUntrusted('stripMetadata', { extension: 'heic', data: heic }, long),
    );
    const waiting = Array.from({ length: MAX_WAITING }, () =>
      runUntrusted('parseSheet', notASheet, quick),
    );
    const refused = runUntrusted('parseSheet', notASheet, quick);
    // A caller that bounds itself (the processing jobs) still waits its turn.
    const patient = runUntrusted('parseSheet', notASheet, quick, 'wait');
    await expect(refused).rejects.toMatchObject({
      statusCode: 503,
      code: 'DECODER_BUSY',
      retryAfterSeconds: 30,
    });
    // Killed, whether or not they had their file yet: the line behind them moves on.
    stopUntrustedChildren();
    const settled = await Promise.allSettled([...busy, ...waiting, patient]);
    expect(settled.map((s) => s.status)).toEqual(settled.map(() => 'rejected'));
    const codes = settled
      .slice(busy.length)
      .map((s) => (s.status === 'rejected' ? (s.reason as { code?: string }).code : undefined));
    expect(codes).toEqual(codes.map(() => 'IMPORT_UNREADABLE'));
  }, 120_000);

  it.runIf(process.platform === 'linux')(
    'lowers every thread of a child that works long, not only its first',
    async () => {
      const decoding = runUntrusted(
        'stripMetadata',
        { extension: 'heic', data: heic },
        { timeoutMs: 60_000, maxMemoryMb: 4096 },
      );
      // The niceness of each thread of this process's decoding children (field 19 of stat).
      const threadNiceness = () =>
        childrenOf(process.pid)
          .filter((pid) => readText(`/proc/${pid}/cmdline`).includes('untrusted-child'))
          .flatMap((pid) =>
            listDir(`/proc/${pid}/task`).map((tid) => ({
              pid,
              cpu: cpuOf(`/proc/${pid}/stat`),
              nice: Number(afterName(readText(`/proc/${pid}/task/${tid}/stat`))[16]),
            })),
          );
      let seen: ReturnType<typeof threadNiceness> = [];
      const until = Date.now() + 30_000;
      while (Date.now() < until) {
        // The child at work (past its first 0.3 s of processor time), with its threads.
        const now = threadNiceness().filter((t) => t.cpu > 1);
        if (now.length > 0) seen = now;
        if (seen.length > 1 && seen.every((t) => t.nice === 10)) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await decoding.catch(() => undefined);
      expect(seen.length).toBeGreaterThan(1);
      expect(seen.map((t) => t.nice)).toEqual(seen.map(() => 10));
    },
    60_000,
  );
});

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
const listDir = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
/** A /proc stat line's fields after the command's name: state is [0], ppid [1]. */
const afterName = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');
const cpuOf = (file: string) => {
  const fields = afterName(readText(file));
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const childrenOf = (ppid: number) =>
  listDir('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => Number(afterName(readText(`/proc/${pid}/stat`))[1]) === ppid);
