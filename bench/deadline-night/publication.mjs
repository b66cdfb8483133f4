// Results night: thousands of paid, finalised, marked entries written straight into
// PostgreSQL (marking them through the API would take hours and measure the wrong thing), for an
// organiser to publish through the API. See README.md.

/** Where the seeded families' addresses end: they are told by email when results are out. */
const PUBLISHED_DOMAIN = 'published.deadline-night.example';

/**
 * Writes `families` families with `perFamily` entries each: customer, login, contestant, a paid
 * order, finalised individual entries across every section with a main file on record, and a
 * submitted mark of every entry with its rubric scores, by one adjudicator. Nothing is
 * published: the organiser's POST /api/Staff/Results/Publish does that.
 * @param {import('pg').Client} db
 * @param {{ eventId: number, families: number, perFamily: number }} o
 * @returns {Promise<number>} the entries written
 */
export async function seedMarkedEntries(db, { eventId, families, perFamily }) {
  await db.query('BEGIN');
  try {
    const adjudicator = await db.query(
      `insert into customers (first_name, surname, email, country, role)
       values ('Adele', 'Marker', $1, 'South Africa', 'adjudicator') returning id`,
      [`adjudicator@${PUBLISHED_DOMAIN}`],
    );
    const adjudicatorId = adjudicator.rows[0].id;
    await db.query(
      `insert into customers (first_name, surname, email, country)
       select (array['Thandi','Johan','Precious','Ravi','Marie','Sizwe'])[1 + g % 6],
              'Family' || g, 'family-' || g || '@' || $2, 'South Africa'
       from generate_series(1, $1::int) g`,
      [families, PUBLISHED_DOMAIN],
    );
    const seededFamilies = `select id, email from customers where email like 'family-%@' || $1`;
    await db.query(
      `insert into login_identities (customer_id, channel, identifier, verified_at)
       select id, 'email', email, now() from (${seededFamilies}) f`,
      [PUBLISHED_DOMAIN],
    );
    await db.query(
      `insert into participant_profiles
         (customer_id, first_name, surname, school, grade, gender, accepted_terms_at, accepted_honour_pledge_at)
       select id, (array['Ayanda','Lerato','Pieter','Naledi','Sipho','Anika','Zoë'])[1 + id % 7],
              'Child' || id, 'Other School', ((id % 12) + 1)::text,
              (array['female','male'])[1 + id % 2], now(), now()
       from (${seededFamilies}) f`,
      [PUBLISHED_DOMAIN],
    );
    // Individual items with no instrument, of every section, spread evenly.
    await db.query(
      `insert into orders (customer_id, event_id, status, subtotal_cents, surcharge_cents,
                           total_cents, confirmation_email, checked_out_at, completed_at)
       select id, $2, 'paid', 0, 0, 0, email, now(), now() from (${seededFamilies}) f`,
      [PUBLISHED_DOMAIN, eventId],
    );
    await db.query(
      `with eligible as (
         select id, price_cents, row_number() over (order by id) - 1 as n, count(*) over () as total
         from items where event_id = $2 and not is_group_item and not requires_an_instrument
       )
       insert into order_items (order_id, item_id, participant_profile_id, price_cents,
                                is_submitted_for_marking, submitted_for_marking_at)
       select o.id, e.id, p.id, e.price_cents, true, now()
       from orders o
       join participant_profiles p on p.customer_id = o.customer_id
       cross join generate_series(0, $3::int - 1) k
       join eligible e on e.n = (o.id * $3 + k) % e.total
       where o.customer_id in (select id from (${seededFamilies}) f)`,
      [PUBLISHED_DOMAIN, eventId, perFamily],
    );
    const entries = `select oi.id, c.section from order_items oi
       join orders o on o.id = oi.order_id
       join items i on i.id = oi.item_id join categories c on c.id = i.category_id
       where o.customer_id in (select id from (${seededFamilies}) f)`;
    // The main file each finalised entry needs, on record and processed (its bytes are not
    // needed here; 'ready' keeps the processing sweep from looking for them).
    await db.query(
      `insert into order_item_uploads (order_item_id, file_name, original_file_name, storage_key,
                                       upload_type, size_in_bytes, is_primary_file, is_video,
                                       processing_state)
       select id, id || '_main' || ext, 'main' || ext, 'entries/' || id || '/main' || ext, 2,
              204800, true, ext = '.mp4', 'ready'
       from (select id, case when section = 'Visual Arts & Design' then '.pdf' else '.mp4' end ext
             from (${entries}) e) x`,
      [PUBLISHED_DOMAIN],
    );
    await db.query(
      `insert into marks (order_item_id, adjudicator_id, comment, status, submitted_at)
       select id, $2, 'A confident, well-prepared entry. Keep working on the details.',
              'submitted', now()
       from (${entries}) e`,
      [PUBLISHED_DOMAIN, adjudicatorId],
    );
    // Each rubric line between 55 % and 98 % of its maximum, so medals of every kind occur.
    await db.query(
      `insert into rubric_scores (mark_id, position, name, value, max_value)
       select m.id, rc.position, rc.name,
              floor(rc.max_value * (0.55 + ((m.id * 37 + rc.position * 11) % 44) / 100.0)),
              rc.max_value
       from marks m
       join order_items oi on oi.id = m.order_item_id
       join items i on i.id = oi.item_id
       join categories c on c.id = i.category_id
       join rubric_criteria rc on rc.event_id = i.event_id and rc.section = c.section
       where m.adjudicator_id = $1`,
      [adjudicatorId],
    );
    const marked = await db.query(
      `update marks set total = s.total
       from (select mark_id, sum(value)::int as total from rubric_scores group by mark_id) s
       where marks.id = s.mark_id and marks.adjudicator_id = $1`,
      [adjudicatorId],
    );
    await db.query('COMMIT');
    // What autovacuum would do shortly after a bulk load: fresh statistics for the planner.
    await db.query(
      'ANALYZE customers, participant_profiles, orders, order_items, order_item_uploads, marks, rubric_scores',
    );
    return marked.rowCount ?? 0;
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  }
}

/** Certificates made so far (current ones: a remade one supersedes the old). */
export async function certificatesMade(/** @type {import('pg').Client} */ db) {
  const result = await db.query(
    'select count(*)::int as n from certificates where superseded_at is null',
  );
  return /** @type {number} */ (result.rows[0].n);
}

/**
 * How long each finished certificates job ran (pg-boss's started_on to completed_on), and how
 * many ran at once on average since `since`: the work itself against the wall time it took.
 * @param {import('pg').Client} db
 * @param {Date} since
 */
export async function certificateJobTimes(db, since) {
  const result = await db.query(
    `select count(*)::int as jobs,
            percentile_cont(0.5) within group (order by ms) as p50,
            percentile_cont(0.99) within group (order by ms) as p99,
            coalesce(sum(ms), 0) as total_ms,
            extract(epoch from max(completed_on) - $1::timestamptz) * 1000 as wall_ms
     from (select completed_on, extract(epoch from completed_on - started_on) * 1000 as ms
           from pgboss.job where name = 'certificates.make' and state = 'completed') j`,
    [since],
  );
  const row = result.rows[0];
  return {
    jobs: /** @type {number} */ (row.jobs),
    p50: Number(row.p50),
    p99: Number(row.p99),
    /** Jobs running at once, on average, from `since` to the last one's end. */
    concurrency: Number(row.total_ms) / Number(row.wall_ms),
  };
}

/**
 * How long the jobs of `names` created in a window waited for a worker (created to started)
 * and ran (started to completed), p50 and p99 in ms.
 * @param {import('pg').Client} db
 * @param {string[]} names
 * @param {Date} from
 * @param {Date} to
 */
export async function jobWaits(db, names, from, to) {
  const result = await db.query(
    `select name, count(*)::int as jobs,
            percentile_cont(0.5) within group (order by waited) as wait_p50,
            percentile_cont(0.99) within group (order by waited) as wait_p99,
            percentile_cont(0.5) within group (order by ran) as run_p50,
            percentile_cont(0.99) within group (order by ran) as run_p99
     from (select name, extract(epoch from started_on - created_on) * 1000 as waited,
                  extract(epoch from completed_on - started_on) * 1000 as ran
           from pgboss.job
           where name = any($1) and created_on >= $2 and created_on < $3
             and started_on is not null) j
     group by name order by name`,
    [names, from, to],
  );
  return result.rows.map((r) => ({
    name: /** @type {string} */ (r.name),
    jobs: /** @type {number} */ (r.jobs),
    /** @type {[number, number]} p50 and p99 */
    wait: [Number(r.wait_p50), Number(r.wait_p99)],
    /** @type {[number, number]} p50 and p99 */
    run: [Number(r.run_p50), Number(r.run_p99)],
  }));
}
