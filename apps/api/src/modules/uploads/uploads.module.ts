import fp from 'fastify-plugin';
import { publishedOrderItemIds } from '../adjudication/adjudication.repository.ts';
import { entriesRoutes } from './entries.routes.ts';
import { createEntriesService, type EntriesService } from './entries.service.ts';
import { createEntryAccess } from './entry-access.ts';
import { entryFilesRoutes } from './entry-files.routes.ts';
import { createEntryFilesService, type EntryFilesService } from './entry-files.service.ts';
import {
  createFileProcessing,
  PROCESS_FILE_JOB,
  PROCESSING_CLAIM_SECONDS,
  type FileProcessing,
} from './file-processing.service.ts';
import { createMediaLinks } from './media-links.ts';
import { mediaRoutes } from './media.routes.ts';
import { createTusServer, type TusUploads } from './tus-server.ts';
import { tusRoutes } from './tus.routes.ts';
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

/** The uploads portal: entries, their files and videos, finalising (decision 009). */
export default fp(
  async (app) => {
    const { config, videoHost } = app;
    const { db, now } = app;
    const mediaLinks = createMediaLinks(app.signedLinks, videoHost);
    const fileProcessing = createFileProcessing({
      db,
      storage: app.storage,
      videoFiles: app.videoFiles,
      videoHost,
      tools: app.mediaTools,
      log: app.log,
    });
    app.decorate('fileProcessing', fileProcessing);
    await app.jobs.define<{ uploadId: number }>(
      PROCESS_FILE_JOB,
      ({ uploadId }) => fileProcessing.process(uploadId),
      {
        label: 'Processing of uploaded files',
        workers: config.MEDIA_WORKERS,
        expireInSeconds: PROCESSING_CLAIM_SECONDS,
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
      videoHost,
      processFile,
      videoMaxBytes: config.VIDEO_MAX_MB * 1024 * 1024,
      now,
    });
    app.decorate('videoSlots', videoSlots);
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
      'storage',
      'video-host',
      'media-tools',
      'rate-limiter',
      'catalogue',
      'contestants',
    ],
  },
);
