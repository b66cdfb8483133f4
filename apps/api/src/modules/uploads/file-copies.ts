import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extensionOf } from '@eisteddfod/shared';
import { contentTypeForExtension } from '../../lib/file-content.ts';
import { UnreadableFileError } from '../../lib/strip-metadata/index.ts';
import { ENTRY_FILE_LIMITS, runUntrusted } from '../../lib/untrusted.ts';
import {
  displaySize,
  NotMediaError,
  ProcessingTimeoutError,
  renditionExtension,
  type MediaTools,
} from '../../providers/media/ffmpeg.ts';
import { FileNotFoundError, type FileStorage } from '../../providers/storage/file-storage.ts';
import type { VideoHost } from '../../providers/video/video-host.ts';
import type { UploadRow } from './entry-files.repository.ts';
import type * as repo from './file-processing.repository.ts';
import type { HeldBy } from './file-processing.repository.ts';

// The copies file processing makes of an entry file (decision 025): a recording's playable copy
// and poster, a picture's or document's copy without metadata and its thumbnail. Claiming,
// retrying and recording what was made are file-processing.service.ts's.

/** Temporary folders start so, then the process id: start-up removes those of dead processes. */
export const TEMP_PREFIX = 'eisteddfod-media-';

export interface FileCopiesDependencies {
  /** Where images and documents are, and where copies and posters go. */
  storage: FileStorage;
  /** Where our own host's finished recordings are. */
  videoFiles: FileStorage;
  videoHost: VideoHost;
  tools: MediaTools;
  /** Where temporary copies go (the machine's temporary folder; tests give their own). */
  tempDir?: string;
}

/** The folder temporary copies go in. */
export const tempDirOf = (deps: FileCopiesDependencies) => deps.tempDir ?? tmpdir();

/**
 * Storage or the video host failed us (a network error, a 5xx, a full disk): not the file's
 * fault, so it waits for the outage and spends none of its attempts (decision 038).
 */
export class OutageError extends Error {
  constructor(
    readonly heldBy: HeldBy,
    cause: unknown,
  ) {
    super(`${heldBy} unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'OutageError';
  }
}

/** Runs a storage call; its failures, but a missing file, are the storage's outage. */
const fromStorage = <T>(work: () => Promise<T>): Promise<T> =>
  work().catch((err: unknown) => {
    throw err instanceof FileNotFoundError ? err : new OutageError('storage', err);
  });

/** A copy's key: the entry and file ids and a random part, never a contestant's name. */
const keyFor = (upload: UploadRow, extension: string) =>
  `processed/${upload.orderItemId}/${upload.id}/${randomUUID()}.${extension}`;

/** Runs `work` with the recording as a file on this machine's disk. */
async function withLocalFile<T>(
  deps: FileCopiesDependencies,
  key: string,
  folder: string,
  work: (file: string) => Promise<T>,
) {
  const local = deps.videoFiles.localPath?.(key);
  if (local) return work(local);
  const copy = path.join(folder, 'original');
  await fromStorage(async () => {
    const { stream } = await deps.videoFiles.read(key);
    await pipeline(stream, createWriteStream(copy));
  });
  return work(copy);
}

/** What the video host says of a recording it holds; undefined when it is not the host's. */
async function hostedResult(
  deps: FileCopiesDependencies,
  upload: UploadRow,
): Promise<repo.ProcessingResult | 'later' | undefined> {
  const hosted = await deps.videoHost.describeVideo(upload.videoId ?? '').catch((err: unknown) => {
    throw new OutageError('video-host', err);
  });
  if (!hosted) return undefined;
  if (hosted.state === 'processing') return 'later';
  if (hosted.state === 'failed') return { state: 'failed', error: hosted.reason };
  return {
    state: 'ready',
    durationSeconds: hosted.durationSeconds,
    width: hosted.width,
    height: hosted.height,
  };
}

/** The playable copy and poster of the recording in `file`; the keys stored go in `stored`. */
async function makeRendition(
  deps: FileCopiesDependencies,
  upload: UploadRow,
  file: string,
  folder: string,
  stored: string[],
  signal: AbortSignal | undefined,
) {
  const { storage } = deps;
  const probe = await deps.tools.probe(file, signal);
  const extension = renditionExtension(probe);
  const rendition = path.join(folder, `rendition.${extension}`);
  await deps.tools.makeRendition(file, probe, rendition, signal);
  // What adjudicators get is what is measured: a browser's WebM may not say its length.
  const made = await deps.tools.probe(rendition, signal);
  const servedKey = keyFor(upload, extension);
  await fromStorage(() =>
    storage.putFile(servedKey, rendition, contentTypeForExtension(extension)),
  );
  stored.push(servedKey);
  let posterKey: string | null = null;
  if (probe.video) {
    // From the rendition: upright, at most 1080p, and quick to decode.
    const poster = path.join(folder, 'poster.jpg');
    await deps.tools.makePoster(rendition, made, poster, signal);
    const key = keyFor(upload, 'jpg');
    await fromStorage(() => storage.putFile(key, poster, 'image/jpeg'));
    posterKey = key;
    stored.push(key);
  }
  const size = probe.video ? displaySize(probe.video) : null;
  return {
    state: 'ready' as const,
    durationSeconds: made.durationSeconds ?? probe.durationSeconds,
    width: size?.width ?? null,
    height: size?.height ?? null,
    hasAudio: probe.audio !== null,
    servedKey,
    servedFileExtension: extension,
    posterKey,
  };
}

export async function processRecording(
  deps: FileCopiesDependencies,
  upload: UploadRow,
  signal: AbortSignal | undefined,
): Promise<repo.ProcessingResult | 'later'> {
  const hosted = await hostedResult(deps, upload);
  if (hosted) return hosted;
  if (!(await deps.tools.available())) {
    return { state: 'unchecked', error: 'ffmpeg is not available on this server' };
  }
  const folder = await mkdtemp(path.join(tempDirOf(deps), `${TEMP_PREFIX}${process.pid}-`));
  const stored: string[] = [];
  try {
    return await withLocalFile(deps, upload.storageKey, folder, (file) =>
      makeRendition(deps, upload, file, folder, stored, signal),
    );
  } catch (err) {
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)));
    // Not media we take, or more work than any recording needs: refused, not retried.
    if (err instanceof NotMediaError || err instanceof ProcessingTimeoutError) {
      return { state: 'failed', error: err.message };
    }
    throw err;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function processDocument(
  deps: FileCopiesDependencies,
  upload: UploadRow,
): Promise<repo.ProcessingResult> {
  const chunks: Buffer[] = [];
  await fromStorage(async () => {
    const { stream } = await deps.storage.read(upload.storageKey);
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  });
  try {
    // In a child process (decision 030): a bomb is refused there, never decoded here.
    const copy = await runUntrusted(
      'stripMetadata',
      // An image's thumbnail comes from the same child (decision 047): no second decoder.
      {
        extension: extensionOf(upload.originalFileName),
        data: Buffer.concat(chunks),
        thumbnail: true,
      },
      ENTRY_FILE_LIMITS,
      // This job's queue runs MEDIA_WORKERS at a time: it waits its turn, never refused.
      'wait',
    );
    // A type with nothing we can remove (text, .doc, .psd) is served as it was sent.
    if (!copy) return { state: 'ready' };
    const servedKey = keyFor(upload, copy.extension);
    await fromStorage(() => deps.storage.put(servedKey, copy.data, copy.contentType));
    if (!('thumbnail' in copy) || !copy.thumbnail) {
      return { state: 'ready', servedKey, servedFileExtension: copy.extension };
    }
    const { thumbnail } = copy;
    const thumbnailKey = keyFor(upload, 'jpg');
    await fromStorage(() =>
      deps.storage.put(thumbnailKey, Buffer.from(thumbnail), 'image/jpeg'),
    ).catch(async (err: unknown) => {
      await deps.storage.delete(servedKey).catch(() => undefined);
      throw err;
    });
    return { state: 'ready', servedKey, servedFileExtension: copy.extension, thumbnailKey };
  } catch (err) {
    if (err instanceof UnreadableFileError) return { state: 'failed', error: err.message };
    throw err;
  }
}
