import { isUuid } from '@eisteddfod/shared';
import { and, eq, inArray, isNull, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';

export type StoredFileRow = typeof storedFiles.$inferSelect;

export async function insertStoredFile(
  db: Database,
  row: typeof storedFiles.$inferInsert,
): Promise<StoredFileRow> {
  const [created] = await db.insert(storedFiles).values(row).returning();
  if (!created) throw new Error('The file record was not created');
  return created;
}

export async function findStoredFile(db: Database, id: string): Promise<StoredFileRow | undefined> {
  // Not one of ours, and not worth the query: PostgreSQL would refuse to read it (22P02).
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row;
}

export async function findFilesOfProfile(
  db: Database,
  profileId: number,
): Promise<StoredFileRow[]> {
  return db.select().from(storedFiles).where(eq(storedFiles.participantProfileId, profileId));
}

/** A customer's pictures not yet attached to a contestant, newer than `since`, by name. */
export async function findUnattachedByName(
  db: Database,
  customerId: number,
  originalName: string,
  since: Date,
): Promise<StoredFileRow | undefined> {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.customerId, customerId),
        eq(storedFiles.purpose, 'profile_picture'),
        isNull(storedFiles.participantProfileId),
        eq(storedFiles.originalName, originalName),
        gt(storedFiles.createdAt, since),
      ),
    )
    .limit(1);
  return row;
}

export async function attachToProfile(
  db: Database,
  fileId: string,
  profileId: number,
): Promise<void> {
  await db
    .update(storedFiles)
    .set({ participantProfileId: profileId })
    .where(eq(storedFiles.id, fileId));
}

export async function deleteStoredFiles(db: Database, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(storedFiles).where(inArray(storedFiles.id, ids));
}
