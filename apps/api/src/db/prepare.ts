import type { Config } from '../config/env.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { readDemoCatalogue } from './seed/demo-catalogue.ts';
import { isDatabaseEmpty, loadCatalogue } from './seed/seed.ts';
import { bootstrapOrganiser } from '../modules/adjudication/staff-accounts.ts';
import path from 'node:path';

/**
 * Opens the configured database, applies migrations, seeds an empty one when asked and makes
 * sure the bootstrap organiser exists (ORGANISER_BOOTSTRAP_EMAIL).
 */
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
    await bootstrapOrganiser(database.db, config.ORGANISER_BOOTSTRAP_EMAIL, log);
  });
  return database;
}
