import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extensionOf } from '@eisteddfod/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { contentTypeForExtension } from '../../lib/file-content.ts';
import { UnreadableFileError } from '../../lib/strip-metadata/index.ts';
import { ENTRY_FILE_LIMITS, runUntrusted } from '../../lib/untrusted.ts';
import {
  displaySize,
  NotMediaError,
  ProcessingStoppedError,
  ProcessingTimeoutError,
  renditionExtension,
  type MediaTools,
} from '../../providers/media/ffmpeg.ts';
import { FileNotFoundError, type FileStorage } from '../../providers/storage/file-storage.ts';
import type { VideoHost } from '../../providers/video/video-host.ts';
import type { UploadRow } from './entry-files.repository.ts';
import * as repo from './file-processing.repository.ts';
import type { HeldBy } from './file-processing.repository.ts';

/** The job that processes one entry file; `{ uploadId }`. */
export const PROCESS_FILE_JOB = 'uploads.process-file';

/**
 * How long a worker holds a file at a time; renewed every third of it while the work goes on, so
 * a worker that died (an instance stopped, a machine lost) frees its file within minutes, never
 * the three hours a whole job may take (decision 038).
 */
const PROCESSING_CLAIM_SECONDS = 5 * 60;

/** The job's own expiry: past any ffmpeg run (two hours at most), so pg-boss never doubles one. */
export const PROCESSING_JOB_SECONDS = 3 * 60 * 60;

/** How soon a file an outage held back is tried again (the minutely sweep takes it then). */
const HELD_BACK_SECONDS = 60;

/** Temporary folders start so, then the process id: start-up removes those of dead processes. */
const TEMP_PREFIX = 'eisteddfod-media-';

/** Claims after which a file that never got through is given up as failed. */
const MAX_ATTEMPTS = 5;

/** How soon to look again at a video a remote host is still transcoding. */
const HOST_RECHECK_SECONDS = 60;

export interface FileProcessingDependencies {
  db: Database;
  /** Where images and documents are, and where copies and posters go. */
  storage: FileStorage;
  /** Where our own host's finished recordings are. */
  videoFiles: FileStorage;
  videoHost: VideoHost;
  tools: MediaTools;
  log: FastifyBaseLogger;
  /** Where temporary copies go (the machine's temporary folder; tests give their own). */
  tempDir?: string;
}

/**
 * Storage or the video host failed us (a network error, a 5xx, a full disk): not the file's
 * fault, so it waits for the outage and spends none of its attempts (decision 038).
 */
class OutageError extends Error {
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

/** What one run did: processed (or found done), held back by an outage, or handed back. */
type ProcessOutcome = 'done' | 'held-back' | 'handed-back';

/** Whether a process of this machine still runs (EPERM: it runs, as someone else). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Processes an entry file once it has arrived (decision 025). A recording is probed, refused
 * when it is not really media, and given a browser-playable copy without tags plus a poster; an
 * image or document gets a copy without identifying metadata. Originals are never changed:
 * families keep what they sent, and adjudicators get only the copy.
 */
export function createFileProcessing(deps: FileProcessingDependencies) {
  const { db, storage, log } = deps;
  const tempDir = deps.tempDir ?? tmpdir();

  /** Runs a storage call; its failures, but a missing file, are the storage's outage. */
  const fromStorage = <T>(work: () => Promise<T>): Promise<T> =>
    work().catch((err: unknown) => {
      throw err instanceof FileNotFoundError ? err : new OutageError('storage', err);
    });

  /** A copy's key: the entry and file ids and a random part, never a contestant's name. */
  const keyFor = (upload: UploadRow, extension: string) =>
    `processed/${upload.orderItemId}/${upload.id}/${randomUUID()}.${extension}`;

  /** Runs `work` with the recording as a file on this machine's disk. */
  async function withLocalFile<T>(key: string, folder: string, work: (file: string) => Promise<T>) {
    const local = deps.videoFiles.localPath?.(key);
    if (local) return work(local);
    const copy = path.join(folder, 'original');
    await fromStorage(async () => {
      const { stream } = await deps.videoFiles.read(key);
      await pipeline(stream, createWriteStream(copy));
    });
    return work(copy);
  }

  async function processRecording(
    upload: UploadRow,
    signal: AbortSignal | undefined,
  ): Promise<repo.ProcessingResult | 'later'> {
    const hosted = await deps.videoHost
      .describeVideo(upload.videoId ?? '')
      .catch((err: unknown) => {
        throw new OutageError('video-host', err);
      });
    if (hosted) {
      if (hosted.state === 'processing') return 'later';
      if (hosted.state === 'failed') return { state: 'failed', error: hosted.reason };
      return {
        state: 'ready',
        durationSeconds: hosted.durationSeconds,
        width: hosted.width,
        height: hosted.height,
      };
    }
    if (!(await deps.tools.available())) {
      return { state: 'unchecked', error: 'ffmpeg is not available on this server' };
    }
    const folder = await mkdtemp(path.join(tempDir, `${TEMP_PREFIX}${process.pid}-`));
    const stored: string[] = [];
    try {
      return await withLocalFile(upload.storageKey, folder, async (file) => {
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
      });
    } catch (err) {
      await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
      // Not media we take, or more work than any recording needs: refused, not retried.
      if (err instanceof NotMediaError || err instanceof ProcessingTimeoutError) {
        return { state: 'failed', error: err.message };
      }
      throw err;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async function processDocument(upload: UploadRow): Promise<repo.ProcessingResult> {
    const chunks: Buffer[] = [];
    await fromStorage(async () => {
      const { stream } = await storage.read(upload.storageKey);
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
      await fromStorage(() => storage.put(servedKey, copy.data, copy.contentType));
      if (!('thumbnail' in copy) || !copy.thumbnail) {
        return { state: 'ready', servedKey, servedFileExtension: copy.extension };
      }
      const { thumbnail } = copy;
      const thumbnailKey = keyFor(upload, 'jpg');
      await fromStorage(() =>
        storage.put(thumbnailKey, Buffer.from(thumbnail), 'image/jpeg'),
      ).catch(async (err: unknown) => {
        await storage.delete(servedKey).catch(() => undefined);
        throw err;
      });
      return { state: 'ready', servedKey, servedFileExtension: copy.extension, thumbnailKey };
    } catch (err) {
      if (err instanceof UnreadableFileError) return { state: 'failed', error: err.message };
      throw err;
    }
  }

  return {
    /**
     * Processes one file, once: a file another worker holds, or one processed already, is left
     * alone. An outage (storage or the video host down) holds the file back without spending an
     * attempt, for the sweep to take again once HELD_BACK_SECONDS have passed; another failure
     * of ours is thrown for the job's retry, and after five claims the file is given up as
     * failed, so the family is told while there is time to upload again. Once `signal` aborts
     * (the server is stopping) ffmpeg is killed and the file handed back at once, unspent.
     */
    async process(uploadId: number, signal?: AbortSignal): Promise<ProcessOutcome> {
      const upload = await repo.claimForProcessing(db, uploadId, PROCESSING_CLAIM_SECONDS);
      if (!upload) return 'done';
      const renewal = setInterval(
        () => {
          repo
            .renewClaim(db, uploadId, PROCESSING_CLAIM_SECONDS)
            .catch((err: unknown) => log.warn({ err, uploadId }, 'a processing claim not renewed'));
        },
        (PROCESSING_CLAIM_SECONDS * 1000) / 3,
      );
      let result: repo.ProcessingResult | 'later';
      try {
        result = upload.videoId
          ? await processRecording(upload, signal)
          : await processDocument(upload);
      } catch (err) {
        if (err instanceof ProcessingStoppedError || signal?.aborted) {
          await repo.releaseClaim(db, uploadId, 0, { refund: true });
          return 'handed-back';
        }
        if (err instanceof OutageError) {
          log.warn({ err, uploadId }, 'an entry file is held back by an outage');
          await repo.holdBack(db, uploadId, err.heldBy, HELD_BACK_SECONDS);
          return 'held-back';
        }
        if (err instanceof FileNotFoundError) {
          result = { state: 'failed', error: 'the uploaded file is missing from storage' };
        } else if (upload.processingAttempts >= MAX_ATTEMPTS) {
          log.error({ err, uploadId }, 'an entry file could not be processed; given up');
          result = { state: 'failed', error: err instanceof Error ? err.message : String(err) };
        } else {
          await repo.releaseClaim(db, uploadId, 0);
          throw err;
        }
      } finally {
        clearInterval(renewal);
      }
      if (result === 'later') {
        // Looking again is not an attempt: a long transcoding at Bunny uses up no tries.
        await repo.releaseClaim(db, uploadId, HOST_RECHECK_SECONDS, { refund: true });
        return 'done';
      }
      const recorded = await repo.recordProcessing(db, uploadId, upload.storageKey, result);
      if (!recorded) {
        // Erased meanwhile: what was made from it must not outlive it.
        for (const key of [result.servedKey, result.posterKey, result.thumbnailKey]) {
          if (key) await storage.delete(key).catch(() => undefined);
        }
      }
      return 'done';
    },

    /** Files an outage holds back, per outage (the organiser's jobs screen). */
    heldBack: () => repo.findHeldBack(db),

    /**
     * Removes the temporary folders of processes that no longer run (an instance killed while
     * it made a rendition): a live process's folder, this machine's other instance's, stays.
     */
    async removeStaleTemporaryFiles(): Promise<number> {
      let removed = 0;
      for (const name of await readdir(tempDir).catch(() => [])) {
        const pid = new RegExp(`^${TEMP_PREFIX}(\\d+)-`).exec(name)?.[1];
        if (!pid || isRunning(Number(pid))) continue;
        await rm(path.join(tempDir, name), { recursive: true, force: true });
        removed++;
      }
      return removed;
    },

    /** The files nobody is processing, for the sweep to queue again. */
    unclaimed: (limit: number) => repo.findUnclaimed(db, limit),
  };
}

export type FileProcessing = ReturnType<typeof createFileProcessing>;
