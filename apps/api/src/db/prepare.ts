import type { Config } from '../config/env.ts';
import { openDatabase, type Database, type DatabaseHandle } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { readDemoCatalogue } from './seed/demo-catalogue.ts';
import { isDatabaseEmpty, loadCatalogue } from './seed/seed.ts';
import path from 'node:path';

/**
 * Opens the configured database, applies migrations, seeds an empty one when asked, then runs
 * `afterMigrations` under the same lock: server.ts makes sure the bootstrap organiser exists
 * there (db/ knows no module, decision 010).
 */
export async function prepareDatabase(
  config: Config,
  log: (message: string) => void = () => {},
  afterMigrations: (db: Database) => Promise<void> = async () => {},
): Promise<DatabaseHandle> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await migrateDatabase(database, async () => {
    if (config.SEED_ON_START && (await isDatabaseEmpty(database.db))) {
      const id = await loadCatalogue(
        database.db,
        readDemoCatalogue({ exactDates: config.SEED_EXACT_DATES }),
      );
      log(`Loaded the demo catalogue as event ${id}`);
    }
    await afterMigrations(database.db);
  });
  return database;
}
