import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { readDump, writeDump } from './backup-folder.ts';
import { copyFiles, type CopyOutcome } from './copy-files.ts';
import { loadDatabase } from './database-dump.ts';
import { checkStorage, type StorageReport, type Stores } from './storage-check.ts';

export interface MoveOutcome {
  rows: number;
  files: Record<keyof Stores, CopyOutcome>;
  report: StorageReport;
}

/**
 * Moves a portal from one database and its stores to another (decision 036): from the embedded
 * database and DATA_DIR to PostgreSQL and a bucket, the way out of one machine. Both databases
 * are migrated to this release first; the rows go through the same dump a backup makes (so
 * every sequence follows), into a target that must hold none, then the files are copied, and
 * the target is checked. The source is left as it was.
 */
export async function moveData(
  from: { database: DatabaseHandle; stores: Stores },
  to: { database: DatabaseHandle; stores: Stores; sameStores: boolean },
): Promise<MoveOutcome> {
  await migrateDatabase(from.database);
  await migrateDatabase(to.database);
  const scratch = await mkdtemp(path.join(tmpdir(), 'eisteddfod-move-'));
  let rows = 0;
  try {
    const dump = path.join(scratch, 'database.jsonl.gz');
    await writeDump(from.database, dump);
    const { counts } = await loadDatabase(to.database, readDump(dump));
    rows = Object.values(counts).reduce((a, b) => a + b, 0);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const none: CopyOutcome = { copied: 0, skipped: 0, bytes: 0 };
  const files = to.sameStores
    ? { files: none, videos: none }
    : {
        files: await copyFiles(from.stores.files, to.stores.files),
        videos: await copyFiles(from.stores.videos, to.stores.videos),
      };
  const report = await checkStorage(to.database.db, to.stores);
  return { rows, files, report };
}
