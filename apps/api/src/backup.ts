import { copyFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseConfig } from './config/env.ts';
import { exitOnRefusal } from './db/startup-refusal.ts';
import { takeBackup } from './db/backup/backup-folder.ts';
import { megabytes, openConfigured } from './db/backup/configured.ts';

/**
 * `npm run backup -- <new folder>`: the configured database (one snapshot), then every stored
 * file, into a new folder (decision 036). On PostgreSQL it runs beside the serving instances; an
 * embedded database is one process's, so `npm start` is stopped first (the command refuses
 * otherwise). Keep AUTH_SECRET with the backup (a local run's own is copied into it).
 */
const dir = process.argv[2];
if (!dir || dir.startsWith('-')) {
  console.error('Usage: npm run backup -- <new folder>');
  process.exit(2);
}
const config = parseConfig(undefined, { purpose: 'tool' });
const { database, stores } = await exitOnRefusal(openConfigured(config));
const started = performance.now();
try {
  const target = path.resolve(dir);
  const manifest = await takeBackup(database, stores, target);
  const localSecret = path.join(config.DATA_DIR, 'auth-secret');
  if (!config.AUTH_SECRET && (await stat(localSecret).catch(() => undefined))) {
    await copyFile(localSecret, path.join(target, 'auth-secret'));
  }
  const { files, videos } = manifest.files;
  console.log(
    [
      `Backup of ${manifest.takenAt} in ${target} (${((performance.now() - started) / 1000).toFixed(1)} s):`,
      `  database: ${manifest.rows} rows (${database.kind}, migration ${manifest.migrations})`,
      `  files: ${files.copied} (${megabytes(files.bytes)}), videos: ${videos.copied} (${megabytes(videos.bytes)})`,
      config.AUTH_SECRET
        ? '  Keep AUTH_SECRET with it (it is not in the folder).'
        : '  The local run’s auth-secret is in the folder: keep the folder private.',
    ].join('\n'),
  );
} finally {
  await database.close();
}
