import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { readDump } from './backup-folder.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'backup-folder-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every line of `lines`, or 'hung' when none came within `ms`. */
async function readAll(lines: AsyncIterable<string>, ms = 5000): Promise<string[] | 'hung'> {
  const read = (async () => {
    const all: string[] = [];
    for await (const line of lines) all.push(line);
    return all;
  })();
  return Promise.race([read, sleep(ms).then(() => 'hung' as const)]);
}

it('gives every line of a dump to a reader that starts late (a transaction begun first)', async () => {
  // The restore and the move open their transaction (a round trip to PostgreSQL, seconds on a
  // busy CI machine) before they read the first line. readline's iterator sees only the lines
  // and the end emitted after it exists: the dump was read and closed by then, and the restore
  // waited forever (the move drill and the backup drill each hung 240 s in CI).
  const file = path.join(scratch, 'database.jsonl.gz');
  const lines = Array.from({ length: 200 }, (_, n) => `table_${n % 3}\t{"id": ${n}}`);
  writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
  const dump = readDump(file);
  await sleep(300);
  expect(await readAll(dump)).toEqual(lines);
});

it('refuses a dump cut short, after the lines that came before the cut', async () => {
  const file = path.join(scratch, 'cut.jsonl.gz');
  const whole = gzipSync(
    `${Array.from({ length: 5000 }, (_, n) => `t\t{"id": ${n}}`).join('\n')}\n`,
  );
  writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
  const seen: string[] = [];
  await expect(
    (async () => {
      for await (const line of readDump(file)) seen.push(line);
    })(),
  ).rejects.toThrow();
  expect(seen.length).toBeLessThan(5000);
});
