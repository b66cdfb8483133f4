import { parseConfig } from './config/env.ts';
import { exitOnRefusal } from './db/startup-refusal.ts';
import { listed, megabytes, openConfigured } from './db/backup/configured.ts';
import { checkStorage } from './db/backup/storage-check.ts';

/**
 * `npm run storage:check`: the files the database points to that storage lacks (exit status 1
 * when there is any), and the stored files nothing points to (decision 036). It only reads; on
 * an embedded database, stop `npm start` first.
 */
const config = parseConfig(undefined, { purpose: 'tool' });
const { database, stores } = await exitOnRefusal(openConfigured(config));
try {
  const report = await checkStorage(database.db, stores);
  const extra = report.unreferenced.reduce((sum, o) => sum + o.size, 0);
  console.log(
    [
      `${report.referenced} files referenced, ${report.stored} stored.`,
      `Missing (the database points to them, storage lacks them): ${report.missing.length}`,
      listed(report.missing, (m) => `${m.store}/${m.key} (${m.by})`),
      `Unreferenced (stored, nothing points to them): ${report.unreferenced.length}, ${megabytes(extra)}`,
      listed(report.unreferenced, (o) => `${o.store}/${o.key} (${o.size} bytes)`),
    ]
      .filter(Boolean)
      .join('\n'),
  );
  if (report.missing.length > 0) process.exitCode = 1;
} finally {
  await database.close();
}
