import fp from 'fastify-plugin';
import { dataRightsRoutes } from './data-rights.routes.ts';
import {
  createDataRightsService,
  DELETE_FILES_JOB,
  type DataRightsService,
} from './data-rights.service.ts';

/** How soon a journal that could not be read (storage away) is read again. */
const JOURNAL_RETRY_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** A family's archive and erasure, and entries' files' retention (decision 024). */
    dataRights: DataRightsService;
  }
}

/**
 * Data rights (issue 17, POPIA): a family's archive and request for erasure, the organisers'
 * erasure, and the daily deletion of entries' files after their event's retention period. Files
 * are deleted by a job after the commit that let them go, retried until none is left.
 */
export default fp(
  async (app) => {
    const service = createDataRightsService({
      db: app.db,
      outbox: app.outbox,
      jobs: app.jobs,
      storage: app.storage,
      videoFiles: app.videoFiles,
      videoHost: app.videoHost,
      organiserEmail: app.config.ORGANISER_EMAIL,
      publicUrl: app.config.PUBLIC_URL,
      now: app.now,
    });
    app.decorate('dataRights', service);
    // A restored backup older than an erasure names the family again: the erasure is repeated
    // from the journal before the server serves (decision 036). A journal that cannot be read
    // (storage away) is read again every 30 s until it is, while the server serves: refusing
    // to start would take every family offline in a storage outage during a deploy, to guard
    // against a restore made during one (decision 036, the security review of issue 31).
    let retry: NodeJS.Timeout | undefined;
    const replay = async (): Promise<void> => {
      try {
        const replayed = await service.replayErasureJournal();
        if (replayed > 0)
          app.log.warn({ replayed }, 'erasures re-applied from the erasure journal');
      } catch (err) {
        app.log.error({ err }, 'the erasure journal could not be read: read again in 30 s');
        retry = setTimeout(() => void replay(), JOURNAL_RETRY_MS);
        retry.unref();
      }
    };
    app.addHook('onReady', replay);
    app.addHook('onClose', async () => clearTimeout(retry));
    await app.jobs.define(DELETE_FILES_JOB, () => service.deletePendingFiles(), {
      label: 'Deletion of erased and expired files',
      coalesce: true,
    });
    // A deletion whose job was lost with its process, or whose retries were spent.
    await app.jobs.every(
      'data-rights.delete-files-sweep',
      '41 * * * *',
      () => service.deletePendingFiles(),
      'Deletion of files left behind',
    );
    await app.jobs.every(
      'data-rights.retention',
      '23 2 * * *',
      () => service.retentionSweep(),
      'Deletion of entries’ files after their retention period',
    );
    await app.register(dataRightsRoutes);
  },
  {
    name: 'data-rights',
    dependencies: ['core', 'jobs', 'storage', 'video-host', 'rate-limiter', 'outbox'],
  },
);
