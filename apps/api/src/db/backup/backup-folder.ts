import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { createDiskStorage } from '../../providers/storage/disk-storage.ts';
import type { DatabaseHandle } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { copyFiles, type CopyOutcome } from './copy-files.ts';
import { dumpDatabase, loadDatabase } from './database-dump.ts';
import { checkStorage, type StorageReport, type Stores } from './storage-check.ts';

/**
 * A backup is a folder (decision 036):
 *
 *   database.jsonl.gz   every row of the application's tables as of one instant (database-dump)
 *   files/, videos/     every stored file, copied after that instant, as the stores lay them out
 *   manifest.json       written last: a folder without it is a backup cut short
 */
export const MANIFEST = 'manifest.json';
const DUMP = 'database.jsonl.gz';
const FORMAT = 'eisteddfod-backup/1';

/** The database's dump, gzipped, into `file`. */
export async function writeDump(database: DatabaseHandle, file: string) {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file));
  const dumped = await dumpDatabase(database, async (line) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  });
  gzip.end();
  await written;
  return dumped;
}

/**
 * A gzipped dump's lines. The file is opened when the reader asks for the first line, not before:
 * readline's iterator sees only the lines and the end emitted after it exists, and a reader that
 * first began a transaction (a round trip to PostgreSQL, seconds on a busy machine) found the
 * file read and closed already, and waited forever (the move and backup drills hung in CI).
 */
export async function* readDump(file: string): AsyncGenerator<string> {
  const input = createGunzip();
  const reading = pipeline(createReadStream(file), input);
  // Its error (a file cut short) is thrown below, after the lines that came before it.
  reading.catch(() => undefined);
  try {
    yield* createInterface({ input, crlfDelay: Infinity });
    await reading;
  } finally {
    // A reader that stopped early (a refused dump) leaves no file open.
    input.destroy();
  }
}

export interface BackupManifest {
  format: typeof FORMAT;
  /** The database's snapshot: what a restore brings back. */
  takenAt: string;
  finishedAt: string;
  migrations: number;
  rows: number;
  files: Record<keyof Stores, CopyOutcome>;
}

const storesIn = (dir: string): Stores => ({
  files: createDiskStorage(path.join(dir, 'files')),
  videos: createDiskStorage(path.join(dir, 'videos')),
});

/**
 * Dumps the database, then copies the stores: a file the dump points to was stored before the
 * dump (files are written before the rows that name them), and a file let go after the dump
 * stays a day before it is deleted (a replaced picture, a regenerated certificate: decision 036),
 * so none is missing; a file written after the dump is copied too, and nothing points to it.
 * Refuses a folder that holds anything. The folder is its owner's alone: it holds every
 * family's data.
 */
export async function takeBackup(
  database: DatabaseHandle,
  stores: Stores,
  dir: string,
): Promise<BackupManifest> {
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    throw new Error(`${dir} is not empty: a backup goes into a new folder`);
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700); // an empty folder that was there already
  const { header, counts } = await writeDump(database, path.join(dir, DUMP));
  const backup = storesIn(dir);
  const files = {
    files: await copyFiles(stores.files, backup.files),
    videos: await copyFiles(stores.videos, backup.videos),
  };
  const manifest: BackupManifest = {
    format: FORMAT,
    takenAt: header.takenAt,
    finishedAt: new Date().toISOString(),
    migrations: header.migrations.length,
    rows: Object.values(counts).reduce((a, b) => a + b, 0),
    files,
  };
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export interface RestoreOutcome {
  manifest: BackupManifest;
  rows: number;
  files: Record<keyof Stores, CopyOutcome>;
  /** The consistency check of the restored database against the stores. */
  report: StorageReport;
}

/**
 * Restores a backup into an empty database (migrated here to the backup's schema, refused if
 * that is not this release's) and copies its files into the stores, leaving files already
 * there; then checks them. Erasures recorded after the backup are re-applied by the server at
 * its next start, from the erasure journal the stores keep (modules/data-rights).
 */
export async function restoreBackup(
  dir: string,
  database: DatabaseHandle,
  stores: Stores,
): Promise<RestoreOutcome> {
  const manifest = JSON.parse(
    await readFile(path.join(dir, MANIFEST), 'utf8').catch(() => {
      throw new Error(`${dir} has no ${MANIFEST}: not a backup, or one cut short`);
    }),
  ) as BackupManifest;
  if (manifest.format !== FORMAT) throw new Error(`${dir} is not a backup this release reads`);
  await migrateDatabase(database);
  const { counts } = await loadDatabase(database, readDump(path.join(dir, DUMP)));
  const backup = storesIn(dir);
  const files = {
    files: await copyFiles(backup.files, stores.files),
    videos: await copyFiles(backup.videos, stores.videos),
  };
  const report = await checkStorage(database.db, stores);
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  return { manifest, rows, files, report };
}
