import { audit } from '../../lib/audit.repository.ts';
import {
  deleteSlotsOf,
  findExpiredUploads,
  markUploadsDeleted,
  uploadFiles,
} from './retention.repository.ts';
import {
  fileDeleted,
  fileNotDeleted,
  nextFileDeletions,
  queueFileDeletions,
} from './file-deletions.repository.ts';
import type { DataRightsDependencies } from './data-rights.service.ts';

// Deleting the files erasures and the retention sweep let go (decision 024).

export const DELETE_FILES_JOB = 'data-rights.delete-files';

/**
 * A storage error without the file's key: a certificate's key names the child, and the row
 * that keeps the error may outlive the erasure by days of retries.
 */
const withoutKey = (message: string, key: string) =>
  [key, encodeURIComponent(key), key.split('/').pop() ?? key]
    .filter((k) => k.length > 0)
    .reduce((m, k) => m.replaceAll(k, '<file>'), message);

/** After the erasure's commit: its files go by a job that retries (never inside the tx). */
export async function deleteFilesSoon(deps: DataRightsDependencies): Promise<void> {
  await deps.jobs.send(DELETE_FILES_JOB, {});
}

async function deleteFile(
  deps: DataRightsDependencies,
  row: { store: string; key: string },
): Promise<void> {
  if (row.store === 'files') await deps.storage.delete(row.key);
  else if (row.store === 'videos') await deps.videoFiles.delete(row.key);
  else await deps.videoHost.deleteVideo(row.key);
}

/**
 * Deletes the files erasures and the retention sweep let go, each row once its delete
 * succeeded; throws when any failed, so the job is retried (the rows stay for the next try).
 */
export async function deletePendingFiles(deps: DataRightsDependencies): Promise<number> {
  const { db } = deps;
  let after = 0;
  let deleted = 0;
  let failed = 0;
  for (;;) {
    const rows = await nextFileDeletions(db, after, 100, new Date(deps.now()));
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.id;
      try {
        await deleteFile(deps, row);
        await fileDeleted(db, row.id);
        deleted++;
      } catch (err) {
        failed++;
        const message = err instanceof Error ? err.message : String(err);
        await fileNotDeleted(db, row.id, withoutKey(message, row.key));
      }
    }
  }
  if (failed > 0) throw new Error(`${failed} files could not be deleted; they are tried again.`);
  return deleted;
}

/**
 * The daily sweep: entries' uploaded files whose results were published longer ago than
 * their event's retention period are deleted (certificates and the ledger stay). Marked
 * deleted in the database first, so a second run finds nothing; audited per event as a
 * system action.
 */
export async function retentionSweep(deps: DataRightsDependencies): Promise<number> {
  const { db } = deps;
  const at = new Date(deps.now());
  let swept = 0;
  for (;;) {
    const rows = await findExpiredUploads(db, at, 200);
    if (rows.length === 0) break;
    swept += await db.transaction(async (tx) => {
      const live = new Set(
        await markUploadsDeleted(
          tx,
          rows.map((r) => r.id),
          at,
        ),
      );
      const expired = rows.filter((r) => live.has(r.id));
      const files = expired.flatMap(uploadFiles);
      files.push(...(await deleteSlotsOf(tx, [...new Set(expired.map((r) => r.orderItemId))])));
      await queueFileDeletions(tx, files);
      const byEvent = new Map<number, { uploads: number; days: number }>();
      for (const r of expired) {
        const e = byEvent.get(r.eventId) ?? { uploads: 0, days: r.days };
        e.uploads++;
        byEvent.set(r.eventId, e);
      }
      for (const [eventId, e] of byEvent) {
        await audit(tx, {
          actorCustomerId: null,
          action: 'data.retention-sweep',
          entityType: 'event',
          entityId: eventId,
          details: { uploadsDeleted: e.uploads, retentionDays: e.days },
        });
      }
      return expired.length;
    });
  }
  await deletePendingFiles(deps);
  return swept;
}
