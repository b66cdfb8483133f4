import fp from 'fastify-plugin';
import { publishedOrderItemIds } from '../adjudication/entries.repository.ts';
import { entriesRoutes } from './entries.routes.ts';
import { createEntriesService, type EntriesService } from './entries.service.ts';
import { entryFilesRoutes } from './entry-files.routes.ts';
import { createMediaLinks } from './media-links.ts';
import { mediaRoutes } from './media.routes.ts';
import { createTusServer, type TusUploads } from './tus-server.ts';
import { tusRoutes } from './tus.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    entries: EntriesService;
    /** Our own tus endpoint's server and store (swept hourly for expired uploads). */
    tusUploads: TusUploads;
  }
}

/** The uploads portal: entries, their files and videos, finalising (decision 009). */
export default fp(
  async (app) => {
    const { config, videoHost } = app;
    const entries = createEntriesService({
      db: app.db,
      catalogue: app.catalogue,
      contestants: app.contestants,
      storage: app.storage,
      mediaLinks: createMediaLinks(app.signedLinks, videoHost),
      videoHost,
      documentMaxBytes: config.DOCUMENT_MAX_MB * 1024 * 1024,
      videoMaxBytes: config.VIDEO_MAX_MB * 1024 * 1024,
      uploadGraceMs: config.UPLOAD_GRACE_MINUTES * 60_000,
      now: app.now,
      publishedResults: (ids) => publishedOrderItemIds(app.db, ids),
    });
    app.decorate('entries', entries);
    const tus = createTusServer({
      db: app.db,
      config,
      entries,
      videoHost,
      videoFiles: app.videoFiles,
      now: app.now,
      log: app.log,
    });
    app.decorate('tusUploads', tus);
    // Unfinished uploads past their expiry give their space back.
    app.scheduler.every('expired upload clean-up', 3600_000, () => tus.cleanUpExpired());

    await app.register(entriesRoutes);
    await app.register(entryFilesRoutes);
    await app.register(mediaRoutes);
    if (videoHost.kind === 'builtin') await app.register(tusRoutes(tus));
  },
  {
    name: 'uploads',
    dependencies: [
      'core',
      'scheduler',
      'storage',
      'video-host',
      'rate-limiter',
      'catalogue',
      'contestants',
    ],
  },
);
