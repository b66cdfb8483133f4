import type { Config } from '../config/env.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { readDemoCatalogue } from './seed/demo-catalogue.ts';
import { isDatabaseEmpty, loadCatalogue } from './seed/seed.ts';
import path from 'node:path';

/** Opens the configured database, applies migrations and seeds an empty one when asked. */
export async function prepareDatabase(
  config: Config,
  log: (message: string) => void = () => {},
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
  });
  return database;
}
