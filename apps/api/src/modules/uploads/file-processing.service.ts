import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { ProcessingStoppedError } from '../../providers/media/ffmpeg.ts';
import { FileNotFoundError } from '../../providers/storage/file-storage.ts';
import {
  OutageError,
  processDocument,
  processRecording,
  TEMP_PREFIX,
  tempDirOf,
  type FileCopiesDependencies,
} from './file-copies.ts';
import * as repo from './file-processing.repository.ts';

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

/** Claims after which a file that never got through is given up as failed. */
const MAX_ATTEMPTS = 5;

/** How soon to look again at a video a remote host is still transcoding. */
const HOST_RECHECK_SECONDS = 60;

export interface FileProcessingDependencies extends FileCopiesDependencies {
  db: Database;
  log: FastifyBaseLogger;
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
 * Processes one file, once: a file another worker holds, or one processed already, is left
 * alone. An outage (storage or the video host down) holds the file back without spending an
 * attempt, for the sweep to take again once HELD_BACK_SECONDS have passed; another failure
 * of ours is thrown for the job's retry, and after five claims the file is given up as
 * failed, so the family is told while there is time to upload again. Once `signal` aborts
 * (the server is stopping) ffmpeg is killed and the file handed back at once, unspent.
 */
async function processFile(
  deps: FileProcessingDependencies,
  uploadId: number,
  signal?: AbortSignal,
): Promise<ProcessOutcome> {
  const { db, storage, log } = deps;
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
      ? await processRecording(deps, upload, signal)
      : await processDocument(deps, upload);
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
}

/**
 * Removes the temporary folders of processes that no longer run (an instance killed while
 * it made a rendition): a live process's folder, this machine's other instance's, stays.
 */
async function removeStaleTemporaryFiles(deps: FileProcessingDependencies): Promise<number> {
  const tempDir = tempDirOf(deps);
  let removed = 0;
  for (const name of await readdir(tempDir).catch(() => [])) {
    const pid = new RegExp(`^${TEMP_PREFIX}(\\d+)-`).exec(name)?.[1];
    if (!pid || isRunning(Number(pid))) continue;
    await rm(path.join(tempDir, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Processes an entry file once it has arrived (decision 025). A recording is probed, refused
 * when it is not really media, and given a browser-playable copy without tags plus a poster; an
 * image or document gets a copy without identifying metadata. Originals are never changed:
 * families keep what they sent, and adjudicators get only the copy.
 */
export function createFileProcessing(deps: FileProcessingDependencies) {
  const { db } = deps;
  return {
    process: (uploadId: number, signal?: AbortSignal) => processFile(deps, uploadId, signal),

    /** Files an outage holds back, per outage (the organiser's jobs screen). */
    heldBack: () => repo.findHeldBack(db),

    removeStaleTemporaryFiles: () => removeStaleTemporaryFiles(deps),

    /** The files nobody is processing, for the sweep to queue again. */
    unclaimed: (limit: number) => repo.findUnclaimed(db, limit),
  };
}

export type FileProcessing = ReturnType<typeof createFileProcessing>;
