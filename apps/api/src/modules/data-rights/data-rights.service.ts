import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import type { VideoHost } from '../../providers/video/video-host.ts';
import type { Outbox } from '../outbox/index.ts';
import { archive } from './archive.ts';
import { familyRequest, list, requestErasure } from './erasure-requests.ts';
import { erase, eraseCustomer, replayErasureJournal } from './erasure.ts';
import { deletePendingFiles, retentionSweep } from './file-retention.ts';

export { DELETE_FILES_JOB } from './file-retention.ts';

export interface DataRightsDependencies {
  db: Database;
  outbox: Outbox;
  jobs: Jobs;
  /** Pictures, entry documents and certificates. */
  storage: FileStorage;
  /** Finished videos on our own host (the tus store). */
  videoFiles: FileStorage;
  videoHost: VideoHost;
  organiserEmail: string;
  publicUrl: string;
  now: () => number;
}

/**
 * A family's data rights (issue 17, POPIA; decision 024): its archive, its request for erasure,
 * the organisers' erasure, and the deletion of entries' files after their event's retention.
 */
export function createDataRightsService(deps: DataRightsDependencies) {
  return {
    archive: (customerId: number) => archive(deps, customerId),

    familyRequest: (customerId: number) => familyRequest(deps, customerId),

    requestErasure: (customerId: number) => requestErasure(deps, customerId),

    list: () => list(deps),

    erase: (organiserId: number, requestId: number) => erase(deps, organiserId, requestId),

    eraseCustomer: (organiserId: number, customerId: number) =>
      eraseCustomer(deps, organiserId, customerId),

    deletePendingFiles: () => deletePendingFiles(deps),

    replayErasureJournal: () => replayErasureJournal(deps),

    retentionSweep: () => retentionSweep(deps),
  };
}

export type DataRightsService = ReturnType<typeof createDataRightsService>;
