import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { METRIC_PREFIX } from '../../plugins/metrics.ts';
import { publishedOrderItemIds } from '../entries/index.ts';
import { entriesRoutes } from './entries.routes.ts';
import { createEntriesService, type EntriesService } from './entries.service.ts';
import { createEntryAccess } from './entry-access.ts';
import { entryFilesRoutes } from './entry-files.routes.ts';
import { createEntryFilesService, type EntryFilesService } from './entry-files.service.ts';
import { findHeldBack, findProcessingBacklog, HELD_BY } from './file-processing.repository.ts';
import {
  createFileProcessing,
  PROCESS_FILE_JOB,
  PROCESSING_JOB_SECONDS,
  type FileProcessing,
} from './file-processing.service.ts';
import { createMediaLinks, type MediaLinks } from '../entries/index.ts';
import { mediaRoutes } from './media.routes.ts';
import { createTusServer, type TusUploads } from './tus-server.ts';
import { tusRoutes } from './tus.routes.ts';
import { countUploadsInProgress } from './video-slots.repository.ts';
import { createVideoSlotsService, type VideoSlotsService } from './video-slots.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A contestant's entries: listing, finalising, withdrawing (uploads portal). */
    entries: EntriesService;
    /** The images and documents of entries. */
    entryFiles: EntryFilesService;
    /** Entries' video collections and slots, and finished videos. */
    videoSlots: VideoSlotsService;
    /** Our own tus endpoint's server and store (swept hourly for expired uploads). */
    tusUploads: TusUploads;
    /** Processing of arrived entry files: renditions, posters, copies without metadata. */
    fileProcessing: FileProcessing;
  }
}

/** Uploads under way and files waiting to be processed, for the operator (decision 039). */
function registerUploadFigures(app: FastifyInstance): void {
  app.metrics.gauge({
    name: `${METRIC_PREFIX}uploads_in_progress`,
    help: 'Videos and recordings being sent over tus now, begun and not finished (all instances)',
    read: async () => [
      { value: await countUploadsInProgress(app.db, app.config.UPLOAD_EXPIRY_HOURS) },
    ],
  });
  app.metrics.gauge({
    name: `${METRIC_PREFIX}processing_waiting`,
    help: 'Entry files arrived and not processed yet (renditions, posters, metadata removed)',
    read: async () => [{ value: (await findProcessingBacklog(app.db)).waiting }],
  });
  app.metrics.gauge({
    name: `${METRIC_PREFIX}processing_oldest_waiting_seconds`,
    help: 'How long the oldest entry file waiting to be processed has waited',
    read: async () => [{ value: (await findProcessingBacklog(app.db)).oldestSeconds }],
  });
  app.metrics.gauge({
    name: `${METRIC_PREFIX}processing_held_back`,
    help: 'Entry files an outage of storage or the video host holds back, waiting for it to end',
    labelNames: ['held_by'],
    read: async () => {
      const held = await findHeldBack(app.db);
      // Both outages always, at 0 when nothing waits: an alert can then compare with 0.
      return HELD_BY.map((heldBy) => ({
        labels: { held_by: heldBy },
        value: held.find((h) => h.heldBy === heldBy)?.files ?? 0,
      }));
    },
  });
}

/**
 * File processing: its service, its job and the sweep that queues what was missed. What it
 * gives back queues a file that has just been recorded.
 */
async function startFileProcessing(app: FastifyInstance) {
  const fileProcessing = createFileProcessing({
    db: app.db,
    storage: app.storage,
    videoFiles: app.videoFiles,
    videoHost: app.videoHost,
    tools: app.mediaTools,
    log: app.log,
  });
  app.decorate('fileProcessing', fileProcessing);
  // What an instance killed while making a rendition left on this machine's disk.
  const removed = await fileProcessing.removeStaleTemporaryFiles();
  if (removed > 0) app.log.info({ removed }, 'temporary processing folders removed');
  await app.jobs.define<{ uploadId: number }>(
    PROCESS_FILE_JOB,
    async ({ uploadId }, stopping) => {
      // Stopped by the server's shutdown: the file was handed back unspent, and is queued
      // again for another instance now rather than at the sweep's next look.
      if ((await fileProcessing.process(uploadId, stopping)) === 'handed-back') {
        await app.jobs.send(PROCESS_FILE_JOB, { uploadId });
      }
    },
    {
      label: 'Processing of uploaded files',
      workers: app.config.MEDIA_WORKERS,
      expireInSeconds: PROCESSING_JOB_SECONDS,
      retryLimit: 3,
      retryDelay: 60,
    },
  );
  // A file whose job was never sent (the process died after recording it) or whose worker
  // vanished is queued again; a file queued in the last two minutes is not queued twice.
  await app.jobs.every(
    'uploads.process-sweep',
    '* * * * *',
    async () => {
      const ids = await fileProcessing.unclaimed(200);
      await app.jobs.sendMany(
        PROCESS_FILE_JOB,
        ids.map((uploadId) => ({ uploadId })),
        { key: (data) => String((data as { uploadId: number }).uploadId), onceWithin: 120 },
      );
    },
    'Queuing of unprocessed files',
  );
  /** Queues a file that has just been recorded; the sweep queues it if this fails. */
  const processFile = async (uploadId: number) => {
    await app.jobs
      .send(PROCESS_FILE_JOB, { uploadId })
      .catch((err: unknown) => app.log.warn({ err, uploadId }, 'file processing not queued'));
  };
  return processFile;
}

/** The entries, entry files and video slots services, on the entries' shared rules. */
function decorateEntryServices(
  app: FastifyInstance,
  mediaLinks: MediaLinks,
  processFile: (uploadId: number) => Promise<void>,
) {
  const { config, db, now } = app;
  const access = createEntryAccess({
    db,
    catalogue: app.catalogue,
    mediaLinks,
    uploadGraceMs: config.UPLOAD_GRACE_MINUTES * 60_000,
    now,
    publishedResults: (ids) => publishedOrderItemIds(db, ids),
  });
  app.decorate(
    'entries',
    createEntriesService({
      db,
      access,
      catalogue: app.catalogue,
      contestants: app.contestants,
      mediaLinks,
      now,
    }),
  );
  app.decorate(
    'entryFiles',
    createEntryFilesService({
      db,
      access,
      storage: app.storage,
      mediaLinks,
      processFile,
      documentMaxBytes: config.DOCUMENT_MAX_MB * 1024 * 1024,
      now,
    }),
  );
  const videoSlots = createVideoSlotsService({
    db,
    access,
    videoHost: app.videoHost,
    processFile,
    videoMaxBytes: config.VIDEO_MAX_MB * 1024 * 1024,
    now,
  });
  app.decorate('videoSlots', videoSlots);
  return { access, videoSlots };
}

/** The uploads portal: entries, their files and videos, finalising (decision 009). */
export default fp(
  async (app) => {
    const { config, videoHost } = app;
    const mediaLinks = createMediaLinks(app.signedLinks, videoHost);
    const processFile = await startFileProcessing(app);
    const { access, videoSlots } = decorateEntryServices(app, mediaLinks, processFile);
    const tus = createTusServer({
      db: app.db,
      config,
      access,
      videoSlots,
      videoHost,
      videoFiles: app.videoFiles,
      now: app.now,
      log: app.log,
    });
    app.decorate('tusUploads', tus);
    // Unfinished uploads past their expiry give their space back.
    await app.jobs.every(
      'uploads.expired-clean-up',
      '17 * * * *',
      () => tus.cleanUpExpired(),
      'Clean-up of expired uploads',
    );

    registerUploadFigures(app);
    await app.register(entriesRoutes);
    await app.register(entryFilesRoutes);
    await app.register(mediaRoutes);
    if (videoHost.kind === 'builtin') await app.register(tusRoutes(tus));
  },
  {
    name: 'uploads',
    dependencies: [
      'core',
      'jobs',
      'metrics',
      'storage',
      'video-host',
      'media-tools',
      'rate-limiter',
      'catalogue',
      'contestants',
    ],
  },
);
