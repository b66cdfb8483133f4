import fp from 'fastify-plugin';
import { publishedOrderItemIds } from '../adjudication/adjudication.repository.ts';
import { entriesRoutes } from './entries.routes.ts';
import { createEntriesService, type EntriesService } from './entries.service.ts';
import { createEntryAccess } from './entry-access.ts';
import { entryFilesRoutes } from './entry-files.routes.ts';
import { createEntryFilesService, type EntryFilesService } from './entry-files.service.ts';
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
  }
}

/** The uploads portal: entries, their files and videos, finalising (decision 009). */
export default fp(
  async (app) => {
    const { config, videoHost } = app;
    const { db, now } = app;
    const mediaLinks = createMediaLinks(app.signedLinks, videoHost);
    const access = createEntryAccess({
      db,
      catalogue: app.catalogue,
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
        documentMaxBytes: config.DOCUMENT_MAX_MB * 1024 * 1024,
        now,
      }),
    );
    const videoSlots = createVideoSlotsService({
      db,
      access,
      videoHost,
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
      'rate-limiter',
      'catalogue',
      'contestants',
    ],
  },
);
