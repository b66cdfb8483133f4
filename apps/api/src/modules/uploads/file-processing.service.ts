import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extensionOf } from '@eisteddfod/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { contentTypeForExtension } from '../../lib/file-content.ts';
import { stripMetadata, UnreadableFileError } from '../../lib/strip-metadata/index.ts';
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
import * as repo from './file-processing.repository.ts';

/** The job that processes one entry file; `{ uploadId }`. */
export const PROCESS_FILE_JOB = 'uploads.process-file';

/** How long a worker holds a file: the job's own expiry, so a claim never outlives its job. */
export const PROCESSING_CLAIM_SECONDS = 3 * 60 * 60;

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
}

/**
 * Processes an entry file once it has arrived (decision 025). A recording is probed, refused
 * when it is not really media, and given a browser-playable copy without tags plus a poster; an
 * image or document gets a copy without identifying metadata. Originals are never changed:
 * families keep what they sent, and adjudicators get only the copy.
 */
export function createFileProcessing(deps: FileProcessingDependencies) {
  const { db, storage, log } = deps;

  /** A copy's key: the entry and file ids and a random part, never a contestant's name. */
  const keyFor = (upload: UploadRow, extension: string) =>
    `processed/${upload.orderItemId}/${upload.id}/${randomUUID()}.${extension}`;

  /** Runs `work` with the recording as a file on this machine's disk. */
  async function withLocalFile<T>(key: string, folder: string, work: (file: string) => Promise<T>) {
    const local = deps.videoFiles.localPath?.(key);
    if (local) return work(local);
    const copy = path.join(folder, 'original');
    const { stream } = await deps.videoFiles.read(key);
    await pipeline(stream, createWriteStream(copy));
    return work(copy);
  }

  async function processRecording(upload: UploadRow): Promise<repo.ProcessingResult | 'later'> {
    const hosted = await deps.videoHost.describeVideo(upload.videoId ?? '');
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
    const folder = await mkdtemp(path.join(tmpdir(), 'eisteddfod-media-'));
    const stored: string[] = [];
    try {
      return await withLocalFile(upload.storageKey, folder, async (file) => {
        const probe = await deps.tools.probe(file);
        const extension = renditionExtension(probe);
        const rendition = path.join(folder, `rendition.${extension}`);
        await deps.tools.makeRendition(file, probe, rendition);
        // What adjudicators get is what is measured: a browser's WebM may not say its length.
        const made = await deps.tools.probe(rendition);
        const servedKey = keyFor(upload, extension);
        await storage.putFile(servedKey, rendition, contentTypeForExtension(extension));
        stored.push(servedKey);
        let posterKey: string | null = null;
        if (probe.video) {
          // From the rendition: upright, at most 1080p, and quick to decode.
          const poster = path.join(folder, 'poster.jpg');
          await deps.tools.makePoster(rendition, made, poster);
          posterKey = keyFor(upload, 'jpg');
          await storage.putFile(posterKey, poster, 'image/jpeg');
          stored.push(posterKey);
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
    const { stream } = await storage.read(upload.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    try {
      const copy = await stripMetadata(extensionOf(upload.originalFileName), Buffer.concat(chunks));
      // A type with nothing we can remove (text, .doc, .psd) is served as it was sent.
      if (!copy) return { state: 'ready' };
      const servedKey = keyFor(upload, copy.extension);
      await storage.put(servedKey, copy.data, copy.contentType);
      return { state: 'ready', servedKey, servedFileExtension: copy.extension };
    } catch (err) {
      if (err instanceof UnreadableFileError) return { state: 'failed', error: err.message };
      throw err;
    }
  }

  return {
    /**
     * Processes one file, once: a file another worker holds, or one processed already, is left
     * alone. A failure of ours (storage down) is thrown for the job's retry; after five claims
     * the file is given up as failed, so the family is told while there is time to upload again.
     */
    async process(uploadId: number): Promise<void> {
      const upload = await repo.claimForProcessing(db, uploadId, PROCESSING_CLAIM_SECONDS);
      if (!upload) return;
      let result: repo.ProcessingResult | 'later';
      try {
        result = upload.videoId ? await processRecording(upload) : await processDocument(upload);
      } catch (err) {
        if (err instanceof FileNotFoundError) {
          result = { state: 'failed', error: 'the uploaded file is missing from storage' };
        } else if (upload.processingAttempts >= MAX_ATTEMPTS) {
          log.error({ err, uploadId }, 'an entry file could not be processed; given up');
          result = { state: 'failed', error: err instanceof Error ? err.message : String(err) };
        } else {
          await repo.releaseClaim(db, uploadId, 0);
          throw err;
        }
      }
      if (result === 'later') {
        // Looking again is not an attempt: a long transcoding at Bunny uses up no tries.
        await repo.releaseClaim(db, uploadId, HOST_RECHECK_SECONDS, { refund: true });
        return;
      }
      const recorded = await repo.recordProcessing(db, uploadId, upload.storageKey, result);
      if (!recorded) {
        // Erased meanwhile: what was made from it must not outlive it.
        for (const key of [result.servedKey, result.posterKey]) {
          if (key) await storage.delete(key).catch(() => undefined);
        }
      }
    },

    /** The files nobody is processing, for the sweep to queue again. */
    unclaimed: (limit: number) => repo.findUnclaimed(db, limit),
  };
}

export type FileProcessing = ReturnType<typeof createFileProcessing>;
