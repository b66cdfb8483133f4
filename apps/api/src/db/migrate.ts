import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { apiRoot } from '../lib/paths.ts';
import type { DatabaseHandle } from './client.ts';

/**
 * Applies the generated migrations (apps/api/drizzle), then runs `afterMigrate` (the seed) under
 * the same lock, so that instances starting together neither race the migrations nor seed twice.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  afterMigrate?: () => Promise<void>,
): Promise<void> {
  const migrationsFolder = path.join(apiRoot(), 'drizzle');
  await handle.withStartupLock(async () => {
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
    }
    await afterMigrate?.();
  });
}
