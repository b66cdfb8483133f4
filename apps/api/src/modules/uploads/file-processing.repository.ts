import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItemUploads, type HeldBy } from '../../db/schema/index.ts';

/** The outages that can hold a file back, for the services and the figures. */
export { HELD_BY, type HeldBy } from '../../db/schema/index.ts';

/** The processing of entry files (decision 025): claims, results and the sweep's queries. */

/**
 * Takes a pending file for `seconds`, unless another worker holds it: the one statement both
 * checks and claims, so two workers (two instances, a job sent twice) never process it at once.
 */
export async function claimForProcessing(db: Database, uploadId: number, seconds: number) {
  const [row] = await db
    .update(orderItemUploads)
    .set({
      processingClaimedUntil: sql`now() + make_interval(secs => ${seconds})`,
      processingAttempts: sql`${orderItemUploads.processingAttempts} + 1`,
    })
    .where(
      and(
        eq(orderItemUploads.id, uploadId),
        eq(orderItemUploads.processingState, 'pending'),
        eq(orderItemUploads.isDeleted, false),
        sql`(${orderItemUploads.processingClaimedUntil} is null or ${orderItemUploads.processingClaimedUntil} < now())`,
      ),
    )
    .returning();
  return row;
}

/**
 * Keeps a claim alive while its work goes on (decision 038): a worker that dies stops renewing,
 * and its file is free again within one short claim.
 */
export async function renewClaim(db: Database, uploadId: number, seconds: number) {
  await db
    .update(orderItemUploads)
    .set({ processingClaimedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(orderItemUploads.id, uploadId), eq(orderItemUploads.processingState, 'pending')));
}

/**
 * Gives back a file an outage kept from being processed, to be taken again after `seconds`: the
 * claim spends no attempt, and the file says what holds it back until it is processed.
 */
export async function holdBack(db: Database, uploadId: number, heldBy: HeldBy, seconds: number) {
  await db
    .update(orderItemUploads)
    .set({
      processingClaimedUntil: sql`now() + make_interval(secs => ${seconds})`,
      processingAttempts: sql`greatest(${orderItemUploads.processingAttempts} - 1, 0)`,
      processingHeldBy: heldBy,
    })
    .where(and(eq(orderItemUploads.id, uploadId), eq(orderItemUploads.processingState, 'pending')));
}

/** Live pending files an outage holds back, per outage: how many, and since when the oldest. */
export async function findHeldBack(db: Database) {
  const rows = await db
    .select({
      heldBy: orderItemUploads.processingHeldBy,
      files: sql<number>`count(*)::int`,
      oldest: sql<Date | string>`min(${orderItemUploads.createdAt})`,
    })
    .from(orderItemUploads)
    .where(
      and(
        eq(orderItemUploads.processingState, 'pending'),
        eq(orderItemUploads.isDeleted, false),
        sql`${orderItemUploads.processingHeldBy} is not null`,
      ),
    )
    .groupBy(orderItemUploads.processingHeldBy)
    .orderBy(orderItemUploads.processingHeldBy);
  return rows.map((r) => ({
    heldBy: r.heldBy ?? 'storage',
    files: r.files,
    oldest: new Date(r.oldest).toISOString(),
  }));
}

/**
 * Gives a claimed file back, to be taken again after `seconds` (0: at once); with `refund`,
 * the claim does not count as an attempt.
 */
export async function releaseClaim(
  db: Database,
  uploadId: number,
  seconds: number,
  options: { refund?: boolean } = {},
) {
  await db
    .update(orderItemUploads)
    .set({
      processingClaimedUntil: sql`now() + make_interval(secs => ${seconds})`,
      ...(options.refund
        ? { processingAttempts: sql`greatest(${orderItemUploads.processingAttempts} - 1, 0)` }
        : {}),
    })
    .where(and(eq(orderItemUploads.id, uploadId), eq(orderItemUploads.processingState, 'pending')));
}

export interface ProcessingResult {
  state: 'ready' | 'failed' | 'unchecked';
  error?: string | null;
  durationSeconds?: number | null;
  width?: number | null;
  height?: number | null;
  hasAudio?: boolean | null;
  servedKey?: string | null;
  servedFileExtension?: string | null;
  posterKey?: string | null;
  thumbnailKey?: string | null;
}

/**
 * Records what processing found, only while the file is still the one that was claimed (an
 * erasure meanwhile renamed its key): false when it was not recorded, and what was made must go.
 */
export async function recordProcessing(
  db: Database,
  uploadId: number,
  storageKey: string,
  result: ProcessingResult,
): Promise<boolean> {
  const rows = await db
    .update(orderItemUploads)
    .set({
      processingState: result.state,
      processingError: result.error ?? null,
      durationSeconds: result.durationSeconds ?? null,
      width: result.width ?? null,
      height: result.height ?? null,
      hasAudio: result.hasAudio ?? null,
      servedKey: result.servedKey ?? null,
      servedFileExtension: result.servedFileExtension ?? null,
      posterKey: result.posterKey ?? null,
      thumbnailKey: result.thumbnailKey ?? null,
      processingClaimedUntil: null,
      processingHeldBy: null,
      processedAt: sql`now()`,
    })
    .where(
      and(
        eq(orderItemUploads.id, uploadId),
        eq(orderItemUploads.processingState, 'pending'),
        eq(orderItemUploads.storageKey, storageKey),
      ),
    )
    .returning({ id: orderItemUploads.id });
  return rows.length > 0;
}

/**
 * Live pending files nobody is processing: never claimed a minute after they arrived (the
 * process died between recording a file and queuing its job), or whose claim ran out.
 */
export async function findUnclaimed(db: Database, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orderItemUploads.id })
    .from(orderItemUploads)
    .where(
      and(
        eq(orderItemUploads.processingState, 'pending'),
        eq(orderItemUploads.isDeleted, false),
        sql`coalesce(${orderItemUploads.processingClaimedUntil}, ${orderItemUploads.createdAt} + interval '1 minute') < now()`,
      ),
    )
    .orderBy(orderItemUploads.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Live files waiting to be processed, and how long the oldest has waited (GET /metrics). */
export async function findProcessingBacklog(
  db: Database,
): Promise<{ waiting: number; oldestSeconds: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${orderItemUploads.createdAt})), 0)::float8`,
    })
    .from(orderItemUploads)
    .where(
      and(eq(orderItemUploads.processingState, 'pending'), eq(orderItemUploads.isDeleted, false)),
    );
  return row ?? { waiting: 0, oldestSeconds: 0 };
}
