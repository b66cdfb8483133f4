import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { apiRoot } from '../lib/paths.ts';
import type { DatabaseHandle } from './client.ts';
import { StartupRefusal } from './startup-refusal.ts';

/**
 * Applies the generated migrations (apps/api/drizzle), then runs `afterMigrate` (the seed) under
 * the same lock, so that instances starting together neither race the migrations nor seed twice.
 * A database a newer release migrated is refused before anything is applied (decision 037).
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  afterMigrate?: () => Promise<void>,
  migrationsFolder = path.join(apiRoot(), 'drizzle'),
): Promise<void> {
  await handle.withStartupLock(async () => {
    await refuseNewerDatabase(handle, migrationsFolder);
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
    }
    await afterMigrate?.();
  });
}

interface JournalEntry {
  tag: string;
  when: number;
}

/**
 * drizzle's migrator records each applied migration by its journal date and applies those dated
 * after the newest it finds, so an older server on a newer database would apply nothing and run
 * on a schema it does not know (a contract step may have removed what it reads).
 */
async function refuseNewerDatabase(handle: DatabaseHandle, migrationsFolder: string) {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  const known = journal.entries.at(-1);
  if (!known) return;
  const table = await handle.executeSql(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!(table.rows[0] as { present: boolean }).present) return;
  const { rows } = await handle.executeSql(
    'select hash, created_at::text as created_at from drizzle.__drizzle_migrations ' +
      'where created_at > $1 order by created_at',
    [known.when],
  );
  const unknown = rows as { hash: string; created_at: string }[];
  const newest = unknown.at(-1);
  if (!newest) return;
  const dated = (ms: number) => new Date(ms).toISOString();
  throw new StartupRefusal(
    `The database was migrated by a newer release than this server: it has ${unknown.length} ` +
      `migration(s) this server does not know, the newest dated ${dated(Number(newest.created_at))} ` +
      `(hash ${newest.hash.slice(0, 12)}), while this server's newest is ${known.tag} dated ` +
      `${dated(known.when)}. Run the release that migrated it, or a newer one; a database is ` +
      'never migrated back (README, "Upgrades").',
  );
}
