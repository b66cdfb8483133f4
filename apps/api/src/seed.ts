import { parseConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { exitOnRefusal } from './db/startup-refusal.ts';
import { readDemoCatalogue } from './db/seed/demo-catalogue.ts';
import { isDatabaseEmpty, loadCatalogue } from './db/seed/seed.ts';
import path from 'node:path';

/**
 * `npm run seed`: migrates and loads the demo catalogue as a new event. With --if-empty it does
 * nothing when an event exists (what `npm start` does by itself).
 */
const config = parseConfig(undefined, { purpose: 'tool' });
// Refused, said plainly, while the server holds the embedded database (db/pglite-lock.ts).
const database = await exitOnRefusal(
  openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite') }),
);
const onlyIfEmpty = process.argv.includes('--if-empty');
await exitOnRefusal(
  migrateDatabase(database, async () => {
    if (onlyIfEmpty && !(await isDatabaseEmpty(database.db))) {
      console.log('An event exists already; nothing loaded.');
      return;
    }
    const id = await loadCatalogue(
      database.db,
      readDemoCatalogue({ exactDates: config.SEED_EXACT_DATES }),
    );
    console.log(`Loaded the demo catalogue as event ${id}.`);
  }),
);
await database.close();
