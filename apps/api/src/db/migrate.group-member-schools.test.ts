import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { migrationsUpTo, removeMigrationFolders } from './migrations-folder.test-helpers.ts';

// Migration 0039 (decision 061) links each group member to the school of the list its typed name
// is, as 0033 linked contestants; 'Other School' and names the list does not have stay unlinked.
afterAll(removeMigrationFolders);

it(
  'links group members to the school they name, ignoring case and spaces, and guesses nothing',
  { timeout: 120_000 },
  async () => {
    const db = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await migrateDatabase(db, undefined, migrationsUpTo('0035_learner_parent_contacts'));
      const sql = (text: string) => db.executeSql(text, []);
      await sql(`insert into schools (name, sort_order)
        values ('Other School', 0), ('Rondebosch Boys'' High School', 1), ('St John''s College', 2)`);
      await sql(`insert into events (name, year, registration_opens, registration_closes, uploads_open,
        submission_starts, submission_ends, visual_arts_due, gala_awards, individual_fee_cents,
        group_small_fee_cents, group_large_fee_cents, group_large_from_participants,
        change_fee_cents, amendment_fee_cents, late_surcharge_percent)
      values ('Season', 2026, '2026-03-01', '2026-04-01', '2026-03-10', '2026-04-02',
        '2026-04-20', '2026-04-10', '2026-05-01', 16000, 25000, 35000, 10, 25000, 25000, 50)`);
      await sql(`insert into categories (event_id, name, section)
        select id, 'Choirs', 'Music' from events`);
      await sql(`insert into items (event_id, category_id, code, short_description, description,
          price_cents, due_date, is_group_item, minimum_participants, maximum_participants,
          requires_an_instrument)
        select e.id, c.id, 'MU900', 'Choir', '', 25000, '2026-04-20', true, 2, 40, false
          from events e join categories c on c.event_id = e.id`);
      await sql(`insert into customers (first_name, surname, email, country)
        values ('Pat', 'Parent', 'pat@example.org', 'South Africa')`);
      await sql(`insert into participant_profiles (customer_id, first_name, surname, school, grade)
        select id, 'Kid', 'Lead', 'Other School', '5' from customers`);
      await sql(
        `insert into orders (customer_id, event_id) select c.id, e.id from customers c, events e`,
      );
      await sql(`insert into order_items (order_id, participant_profile_id, item_id)
        select o.id, p.id, i.id from orders o, participant_profiles p, items i`);
      const named: [string, string][] = [
        ['Exact', "Rondebosch Boys' High School"],
        ['Cased', "  rondebosch   BOYS' high school "],
        ['Other', 'Other School'],
        ['Unlisted', 'Somewhere Primary'],
        ['Near', 'St Johns College'],
      ];
      for (const [position, [surname, school]] of named.entries()) {
        await sql(`insert into group_participants (order_item_id, position, first_name, surname,
            school, gender, grade)
          select id, ${position}, 'Member', '${surname}', '${school.replaceAll("'", "''")}', 'female', '5'
            from order_items`);
      }
      await migrateDatabase(db);
      const { rows } = await sql(`select g.surname, s.name as linked
        from group_participants g left join schools s on s.id = g.school_id order by g.position`);
      expect(rows).toEqual([
        { surname: 'Exact', linked: "Rondebosch Boys' High School" },
        { surname: 'Cased', linked: "Rondebosch Boys' High School" },
        { surname: 'Other', linked: null },
        { surname: 'Unlisted', linked: null },
        { surname: 'Near', linked: null },
      ]);
    } finally {
      await db.close();
    }
  },
);
