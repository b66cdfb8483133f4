import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../lib/paths.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { migrationsUpTo, removeMigrationFolders } from './migrations-folder.test-helpers.ts';
import { StartupRefusal } from './startup-refusal.ts';

const migrations = path.join(apiRoot(), 'drizzle');
const opened: DatabaseHandle[] = [];
/** The migrations edited after they were committed, as first committed (decision 037). */
const FIRST_TEXTS = [
  '0013_staff_deactivation',
  '0014_payment_ledger',
  '0015_reminders',
  '0016_data_rights',
];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
  removeMigrationFolders();
});

async function memoryDatabase() {
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  opened.push(handle);
  return handle;
}

/** The schema as PostgreSQL describes it: columns, constraints and indexes of `public`. */
async function schemaOf(handle: DatabaseHandle) {
  const read = async (text: string) => (await handle.executeSql(text, [])).rows;
  return {
    // Not the columns' order: a column added later comes last, and nothing reads by position.
    columns: await read(
      `select table_name, column_name, data_type, udt_name, is_nullable, column_default,
              is_identity
         from information_schema.columns where table_schema = 'public' order by 1, 2`,
    ),
    constraints: await read(
      `select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(oid) as def
         from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
    ),
    indexes: await read(
      `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
        order by 1, 2`,
    ),
  };
}

describe('migrations edited after they were committed (decision 037)', () => {
  let freshSchema: Awaited<ReturnType<typeof schemaOf>>;
  beforeAll(async () => {
    const fresh = await openDatabase({ pgliteDir: 'memory://' });
    await migrateDatabase(fresh);
    freshSchema = await schemaOf(fresh);
    await fresh.close();
  }, 120_000);

  it(
    'bring a database that applied their first texts to the schema of a fresh one',
    { timeout: 180_000 },
    async () => {
      const old = await memoryDatabase();
      await migrateDatabase(old, undefined, migrationsUpTo('0021_school_conflicts', FIRST_TEXTS));
      const ledger = await old.executeSql("select to_regclass('public.ledger_movements') as t", []);
      expect(ledger.rows).toEqual([{ t: null }]);
      // An organiser whose sessions the first 0013 revoked, and a member never revoked.
      await old.executeSql(
        `insert into customers (first_name, surname, email, country, role, sessions_revoked_at)
       values ('Ann', 'Revoked', 'ann@example.org', 'ZA', 'organiser', now()),
              ('Ben', 'Kept', 'ben@example.org', 'ZA', 'organiser', null)`,
      );
      await migrateDatabase(old);

      expect(await schemaOf(old)).toEqual(freshSchema);
      // No session issued before the revocation is valid again.
      expect(
        (await old.executeSql('select surname, session_generation from customers order by id', []))
          .rows,
      ).toEqual([
        { surname: 'Revoked', session_generation: 1 },
        { surname: 'Kept', session_generation: 0 },
      ]);
    },
  );

  it(
    'leaves a database that applied their second texts as it was',
    { timeout: 180_000 },
    async () => {
      const upToDate = await memoryDatabase();
      await migrateDatabase(
        upToDate,
        undefined,
        migrationsUpTo('0012_staff_and_schools', FIRST_TEXTS),
      );
      // Applied the current 0013-0016 and everything after: a fresh database's schema.
      await migrateDatabase(upToDate, undefined, migrations);
      expect(await schemaOf(upToDate)).toEqual(freshSchema);
    },
  );
});

it(
  'refuses a database a newer release migrated, naming its migration and this server’s',
  { timeout: 120_000 },
  async () => {
    const database = await memoryDatabase();
    await migrateDatabase(database);
    const journal = JSON.parse(
      readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string; when: number }[] };
    const newest = journal.entries.at(-1)!;
    const later = newest.when + 86_400_000;
    await database.executeSql(
      'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
      ['f00dfeedbeef'.padEnd(64, '0'), later],
    );

    const refusal = await migrateDatabase(database).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(StartupRefusal);
    const message = (refusal as Error).message;
    expect(message).toContain('migrated by a newer release');
    expect(message).toContain(new Date(later).toISOString());
    expect(message).toContain('f00dfeedbeef');
    expect(message).toContain(newest.tag);
  },
);
