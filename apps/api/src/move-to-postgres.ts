import path from 'node:path';
import { parseConfig } from './config/env.ts';
import { exitOnRefusal } from './db/startup-refusal.ts';
import { openDatabase } from './db/client.ts';
import { listed, megabytes, openConfigured } from './db/backup/configured.ts';
import { moveData } from './db/backup/move.ts';
import { createDiskStorage } from './providers/storage/disk-storage.ts';

/**
 * `npm run move-to-postgres`: the embedded database under DATA_DIR and its files under
 * DATA_DIR/files and DATA_DIR/videos, into the PostgreSQL of DATABASE_URL (new, or migrated and
 * empty) and the configured stores (the bucket with STORAGE_DRIVER=s3); decision 036. Stop
 * `npm start` first. DATA_DIR is left as it was: start the server on the new settings once this
 * says nothing is missing.
 */
const config = parseConfig(undefined, { purpose: 'tool' });
if (!config.DATABASE_URL) {
  console.error(
    'Set DATABASE_URL to the PostgreSQL database to move to (and STORAGE_DRIVER=s3 with the S3_* settings for the bucket).',
  );
  process.exit(2);
}
const started = performance.now();
const source = await exitOnRefusal(
  openDatabase({ pgliteDir: path.join(config.DATA_DIR, 'pglite') }),
);
const target = await exitOnRefusal(openConfigured(config));
try {
  const outcome = await moveData(
    {
      database: source,
      stores: {
        files: createDiskStorage(path.join(config.DATA_DIR, 'files')),
        videos: createDiskStorage(path.join(config.DATA_DIR, 'videos')),
      },
    },
    { ...target, sameStores: config.STORAGE_DRIVER === 'disk' },
  );
  const { files, videos } = outcome.files;
  const { report } = outcome;
  console.log(
    [
      `Moved ${outcome.rows} rows to PostgreSQL and ${files.copied + videos.copied} files (${megabytes(files.bytes + videos.bytes)}) to ${config.STORAGE_DRIVER === 's3' ? `the bucket ${config.S3_BUCKET}` : 'the same folder'} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      `Check: ${report.referenced} files referenced, ${report.missing.length} missing, ${report.unreferenced.length} unreferenced.`,
      listed(report.missing, (m) => `missing ${m.store}/${m.key} (${m.by})`),
      config.AUTH_SECRET
        ? ''
        : `Set AUTH_SECRET on the new servers to the contents of ${path.join(config.DATA_DIR, 'auth-secret')} so that sessions and links stay valid.`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
  if (report.missing.length > 0) process.exitCode = 1;
} finally {
  await source.close();
  await target.database.close();
}
