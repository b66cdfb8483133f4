import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { contentTypeForExtension } from '../../lib/file-content.ts';
import {
  FileNotFoundError,
  type FileStorage,
  type StoredObject,
} from '../../providers/storage/file-storage.ts';

/** Files copied at once: a bucket answers each request in tens of milliseconds. */
const AT_ONCE = 8;

export interface CopyOutcome {
  copied: number;
  /** Already there with the same size (a second run of a copy cut short, or a restore in place). */
  skipped: number;
  bytes: number;
}

/**
 * Copies every file of `source` to `target` under the same key, never deleting anything from
 * either: a backup's copy, a restore, the move to a bucket. A file that went between the
 * listing and its copy is counted as skipped; an unreadable one fails the copy.
 */
export async function copyFiles(source: FileStorage, target: FileStorage): Promise<CopyOutcome> {
  const outcome: CopyOutcome = { copied: 0, skipped: 0, bytes: 0 };
  const existing = new Map<string, number>();
  for await (const o of target.list()) existing.set(o.key, o.size);
  const scratch = await mkdtemp(path.join(tmpdir(), 'eisteddfod-copy-'));
  try {
    const running = new Set<Promise<void>>();
    for await (const object of source.list()) {
      if (existing.get(object.key) === object.size) {
        outcome.skipped++;
        continue;
      }
      const one = copyOne(source, target, object, scratch, outcome).finally(() =>
        running.delete(one),
      );
      running.add(one);
      if (running.size >= AT_ONCE) await Promise.race(running);
    }
    await Promise.all(running);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return outcome;
}

async function copyOne(
  source: FileStorage,
  target: FileStorage,
  object: StoredObject,
  scratch: string,
  outcome: CopyOutcome,
): Promise<void> {
  const contentType = contentTypeForExtension(path.extname(object.key).slice(1));
  const local = source.localPath?.(object.key);
  let file = local;
  if (!file) {
    // From a bucket: by way of a temporary file, so that a video is never held in memory.
    file = path.join(scratch, `${outcome.copied + outcome.skipped}-${Math.random()}`);
    try {
      const { stream } = await source.read(object.key);
      await pipeline(stream, createWriteStream(file));
    } catch (err) {
      if (err instanceof FileNotFoundError) {
        outcome.skipped++;
        return;
      }
      throw err;
    }
  }
  try {
    await target.putFile(object.key, file, contentType);
  } catch (err) {
    // Deleted from the source's disk since it was listed (after its grace period).
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && local) {
      outcome.skipped++;
      return;
    }
    throw err;
  } finally {
    if (!local) await rm(file, { force: true });
  }
  outcome.copied++;
  outcome.bytes += object.size;
}
