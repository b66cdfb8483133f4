import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { migrationsUpTo, removeMigrationFolders } from './migrations-folder.test-helpers.ts';

// Migration 0033 (decision 061) links each contestant to the school of the list its typed name
// is, so that schools are records without families retyping anything; a name the list does not
// have, and 'Other School', stay unlinked for the organiser to match by hand.
afterAll(removeMigrationFolders);

it(
  'links contestants to the school they name, ignoring case and spaces, and guesses nothing',
  { timeout: 120_000 },
  async () => {
    const db = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await migrateDatabase(db, undefined, migrationsUpTo('0032_event_copied_from_year'));
      const sql = (text: string) => db.executeSql(text, []);
      await sql(`insert into schools (name, sort_order)
        values ('Other School', 0), ('Rondebosch Boys'' High School', 1), ('St John''s College', 2)`);
      await sql(`insert into customers (first_name, surname, email, country)
        values ('Pat', 'Parent', 'pat@example.org', 'South Africa')`);
      const named: [string, string][] = [
        ['Exact', "Rondebosch Boys' High School"],
        ['Cased', "  rondebosch   BOYS' high school "],
        ['Other', 'Other School'],
        ['Unlisted', 'Somewhere Primary'],
        ['Near', 'St Johns College'],
      ];
      for (const [surname, school] of named) {
        await sql(`insert into participant_profiles (customer_id, first_name, surname, school, grade)
          select id, 'Kid', '${surname}', '${school.replaceAll("'", "''")}', '5' from customers`);
      }
      await migrateDatabase(db);
      const { rows } = await sql(`select p.surname, s.name as linked
        from participant_profiles p left join schools s on s.id = p.school_id order by p.id`);
      expect(rows).toEqual([
        { surname: 'Exact', linked: "Rondebosch Boys' High School" },
        { surname: 'Cased', linked: "Rondebosch Boys' High School" },
        { surname: 'Other', linked: null },
        { surname: 'Unlisted', linked: null },
        // Alike but not the same name: the organiser confirms it, the migration does not guess.
        { surname: 'Near', linked: null },
      ]);
      const kinds = await sql('select distinct kind from schools');
      expect(kinds.rows).toEqual([{ kind: 'school' }]);
    } finally {
      await db.close();
    }
  },
);
