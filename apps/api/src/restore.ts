import { copyFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseConfig } from './config/env.ts';
import { exitOnRefusal } from './db/startup-refusal.ts';
import { restoreBackup } from './db/backup/backup-folder.ts';
import { readErasureJournal } from './lib/erasure-journal.ts';
import { listed, megabytes, openConfigured } from './db/backup/configured.ts';

/**
 * `npm run restore -- <backup folder>`: into the configured database, which must be new (no
 * rows), and the configured stores (files already there stay). Then the consistency check.
 * Erasures done after the backup was taken are re-applied by the server when it starts, from
 * the erasure journal in the stores (decision 036).
 */
const dir = process.argv[2];
if (!dir || dir.startsWith('-')) {
  console.error('Usage: npm run restore -- <backup folder>');
  process.exit(2);
}
const config = parseConfig(undefined, { purpose: 'tool' });
const { database, stores } = await exitOnRefusal(openConfigured(config));
const started = performance.now();
try {
  const source = path.resolve(dir);
  const outcome = await restoreBackup(source, database, stores);
  const secret = path.join(source, 'auth-secret');
  const localSecret = path.join(config.DATA_DIR, 'auth-secret');
  if (!config.AUTH_SECRET && (await stat(secret).catch(() => undefined))) {
    if (!(await stat(localSecret).catch(() => undefined))) await copyFile(secret, localSecret);
  }
  const { files, videos } = outcome.files;
  const { report } = outcome;
  // The journal is only as complete as the storage it is in: restoring into a new disk or bucket
  // leaves the erasures done since the backup behind with the old one.
  const later = (await readErasureJournal(stores.files)).filter(
    (e) => e.erasedAt > outcome.manifest.takenAt,
  ).length;
  console.log(
    [
      `Restored the backup of ${outcome.manifest.takenAt} (${((performance.now() - started) / 1000).toFixed(1)} s):`,
      `  database: ${outcome.rows} rows into ${database.kind}`,
      `  files: ${files.copied} copied (${megabytes(files.bytes)}), ${files.skipped} already there; videos: ${videos.copied} copied, ${videos.skipped} already there`,
      `  check: ${report.referenced} files referenced, ${report.missing.length} missing, ${report.unreferenced.length} unreferenced`,
      listed(report.missing, (m) => `missing ${m.store}/${m.key} (${m.by})`),
      `  erasures after the backup in this storage's journal: ${later}, re-applied when the server starts, before it serves`,
      'If this storage is not the one the site used since the backup (a new disk or bucket), copy',
      'journal/erasures/ from the old one into it before starting the server, or families erased',
      'since the backup come back.',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  if (report.missing.length > 0) process.exitCode = 1;
} finally {
  await database.close();
}
