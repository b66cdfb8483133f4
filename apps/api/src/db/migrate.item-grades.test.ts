import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { migrationsUpTo, removeMigrationFolders } from './migrations-folder.test-helpers.ts';

// Migration 0027 (decision 042) reads the grades a running season's descriptions state into the
// new columns, so that families get the check without an organiser retyping every item.
afterAll(removeMigrationFolders);

it(
  'fills an existing catalogue’s grades from its descriptions, and leaves the rest open',
  { timeout: 120_000 },
  async () => {
    const db = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await migrateDatabase(db, undefined, migrationsUpTo('0026_early_entries'));
      const sql = (text: string) => db.executeSql(text, []);
      await sql(`insert into events (name, year, registration_opens, registration_closes, uploads_open,
        submission_starts, submission_ends, visual_arts_due, gala_awards, individual_fee_cents,
        group_small_fee_cents, group_large_fee_cents, group_large_from_participants,
        change_fee_cents, amendment_fee_cents, late_surcharge_percent)
      values ('Season', 2026, '2026-03-01', '2026-04-01', '2026-03-10', '2026-04-02',
        '2026-04-20', '2026-04-10', '2026-05-01', 16000, 25000, 35000, 10, 25000, 25000, 50)`);
      await sql(`insert into categories (event_id, name, section)
      select id, 'Poetry', 'Dramatic Arts' from events`);
      const described = [
        ['DA101', 'Poetry – Own Choice (Grade R–3)'],
        ['DA102', 'Poetry – Own Choice (Grades 4–7)'],
        ['DA103', 'Poetry (Grades 10-12)'],
        ['DA104', 'Poetry for Grade 5 (Grade 5)'],
        ['DA105', 'Poetry – Open'],
        ['DA106', 'Poetry (Grades 7–4)'],
        ['DA107', 'Poetry (Grades 4–13)'],
      ];
      for (const [code, short] of described) {
        await sql(`insert into items (event_id, category_id, code, short_description, description,
          price_cents, due_date, is_group_item, minimum_participants, maximum_participants,
          requires_an_instrument)
        select e.id, c.id, '${code}', '${short}', '', 16000, '2026-04-20', false, 1, 1, false
          from events e join categories c on c.event_id = e.id`);
      }
      await migrateDatabase(db);
      const { rows } = await sql(
        'select code, lowest_grade, highest_grade, other_grades_allowed from items order by code',
      );
      expect(rows).toEqual([
        { code: 'DA101', lowest_grade: 'R', highest_grade: '3', other_grades_allowed: false },
        { code: 'DA102', lowest_grade: '4', highest_grade: '7', other_grades_allowed: false },
        { code: 'DA103', lowest_grade: '10', highest_grade: '12', other_grades_allowed: false },
        { code: 'DA104', lowest_grade: '5', highest_grade: '5', other_grades_allowed: false },
        // No range, a range the wrong way round and a grade that does not exist: every grade.
        { code: 'DA105', lowest_grade: null, highest_grade: null, other_grades_allowed: false },
        { code: 'DA106', lowest_grade: null, highest_grade: null, other_grades_allowed: false },
        { code: 'DA107', lowest_grade: null, highest_grade: null, other_grades_allowed: false },
      ]);
      // The check holds both ends or neither, each a grade, in order.
      for (const bad of [
        "lowest_grade = '5', highest_grade = null",
        "lowest_grade = '7', highest_grade = '4'",
        "lowest_grade = '13', highest_grade = '13'",
      ]) {
        await expect(sql(`update items set ${bad} where code = 'DA105'`), bad).rejects.toThrow(
          /items_grades_ck/,
        );
      }
    } finally {
      await db.close();
    }
  },
);
