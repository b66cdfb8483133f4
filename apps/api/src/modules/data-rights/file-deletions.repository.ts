import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fileDeletions } from '../../db/schema/index.ts';

/**
 * The files to delete (decision 024 and 036): queued in the transaction that lets them go and
 * deleted by the data-rights job, which any module may queue for.
 */
export type FileDeletion = Pick<typeof fileDeletions.$inferInsert, 'store' | 'key'>;

/**
 * How long a file let go while the site runs stays in storage: longer than a backup takes, so
 * that a backup whose database dump still names the file finds it when it copies the files
 * (decision 036). Erasures and the retention sweep do not wait.
 */
export const DELETION_GRACE_MS = 24 * 60 * 60_000;

/** Queues `files` for deletion: at once (an erasure), or not before `notBefore`. */
export async function queueFileDeletions(
  tx: Database,
  files: FileDeletion[],
  notBefore: Date | null = null,
): Promise<number> {
  if (files.length === 0) return 0;
  await tx.insert(fileDeletions).values(files.map((f) => ({ ...f, notBefore })));
  return files.length;
}

/** The next deletions due at `now`, in the order they were queued. */
export const nextFileDeletions = (db: Database, afterId: number, limit: number, now: Date) =>
  db
    .select()
    .from(fileDeletions)
    .where(
      and(
        gt(fileDeletions.id, afterId),
        or(isNull(fileDeletions.notBefore), lte(fileDeletions.notBefore, now)),
      ),
    )
    .orderBy(asc(fileDeletions.id))
    .limit(limit);

export async function fileDeleted(db: Database, id: number): Promise<void> {
  await db.delete(fileDeletions).where(eq(fileDeletions.id, id));
}

export async function fileNotDeleted(db: Database, id: number, error: string): Promise<void> {
  await db
    .update(fileDeletions)
    .set({ attempts: sql`${fileDeletions.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(fileDeletions.id, id));
}
