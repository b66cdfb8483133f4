import { sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../client.ts';

/**
 * A logical copy of the application's tables (schema `public`), read through the application's
 * own connection in one read-only repeatable-read transaction: one snapshot, the same on PGlite
 * and on PostgreSQL, so that an embedded database (PostgreSQL 18 in WebAssembly, which the
 * machine's pg_dump cannot read) and a server are backed up, restored and moved alike
 * (decision 036). The dump's first line is its header (JSON), then a line per row (the table's
 * name, a tab, the row as PostgreSQL's own JSON, never parsed here: numbers keep every digit),
 * then an end line (JSON) with the counts, whose absence marks a dump cut short.
 */
export const DUMP_FORMAT = 'eisteddfod-dump/1';

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  /** The snapshot's time: the transaction's start, by the database's clock. */
  takenAt: string;
  /** The migrations the database had (drizzle's hashes, in order): the schema of the rows. */
  migrations: string[];
  /** Tables in an order that inserts each after those it refers to, with their columns. */
  tables: { name: string; columns: string[] }[];
}

type Line = ({ kind: 'header' } & DumpHeader) | { kind: 'end'; counts: Record<string, number> };

const rowsOf = async <T>(db: Database, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** The rows a fetch from the dump's cursor takes at once (bounded memory on big tables). */
const FETCH_ROWS = 1000;

/** The application's tables, each after every table it refers to (no table refers to itself). */
async function tablesInOrder(db: Database): Promise<DumpHeader['tables']> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const columns = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER'
        order by table_name, ordinal_position`,
  );
  const references = await rowsOf<{ from: string; to: string }>(
    db,
    sql`select c.conrelid::regclass::text as "from", c.confrelid::regclass::text as "to"
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1').replaceAll('""', '"');
  const needs = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const r of references) {
    const from = unquote(r.from);
    const to = unquote(r.to);
    if (from !== to) needs.get(from)?.add(to);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find(
      (t) => !placed.has(t.name) && [...needs.get(t.name)!].every((n) => placed.has(n)),
    );
    if (!next) throw new Error('The tables refer to each other in a cycle; no insert order');
    ordered.push(next.name);
    placed.add(next.name);
  }
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name).map((c) => c.column),
  }));
}

/** The migrations applied to the database, oldest first. */
async function appliedMigrations(db: Database): Promise<string[]> {
  const exists = await rowsOf<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists[0]?.found) return [];
  const rows = await rowsOf<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => r.hash);
}

/**
 * Writes every row of the application's tables, as of one instant, through `write` (one JSON
 * text per line). Resolves with the header and the rows per table.
 */
export async function dumpDatabase(
  database: DatabaseHandle,
  write: (line: string) => Promise<void>,
): Promise<{ header: DumpHeader; counts: Record<string, number> }> {
  const emit = (line: Line) => write(JSON.stringify(line));
  return database.db.transaction(
    async (tx) => {
      const [now] = await rowsOf<{ at: string }>(
        tx,
        sql`select to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`,
      );
      const header: DumpHeader = {
        format: DUMP_FORMAT,
        takenAt: now!.at,
        migrations: await appliedMigrations(tx),
        tables: await tablesInOrder(tx),
      };
      // A folder or database the server never started in: a backup of nothing is refused.
      if (header.migrations.length === 0) {
        throw new Error(
          'The database has no migrations applied: not the portal’s, or never started',
        );
      }
      await emit({ kind: 'header', ...header });
      const counts: Record<string, number> = {};
      for (const table of header.tables) {
        let n = 0;
        await tx.execute(
          sql`declare dump_rows no scroll cursor for select to_jsonb(t)::text as row from ${ident(table.name)} t`,
        );
        for (;;) {
          const rows = await rowsOf<{ row: string }>(
            tx,
            sql.raw(`fetch ${FETCH_ROWS} from dump_rows`),
          );
          for (const { row } of rows) await write(`${table.name}\t${row}`);
          n += rows.length;
          if (rows.length < FETCH_ROWS) break;
        }
        await tx.execute(sql`close dump_rows`);
        counts[table.name] = n;
      }
      await emit({ kind: 'end', counts });
      return { header, counts };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Rows inserted per statement. */
const INSERT_ROWS = 500;

/**
 * Loads a dump's lines into a database that has the same migrations and no rows: every table in
 * order, in batches, then each identity column's sequence moved past the largest id, so that
 * the next row gets a new one. Refuses a dump of another schema, one cut short, or a database
 * that already holds rows; all of it in one transaction, so a failure leaves the database empty.
 */
export async function loadDatabase(
  database: DatabaseHandle,
  lines: AsyncIterable<string>,
): Promise<{ header: DumpHeader; counts: Record<string, number> }> {
  return database.db.transaction(async (tx) => {
    let header: DumpHeader | undefined;
    let ended: Record<string, number> | undefined;
    const counts: Record<string, number> = {};
    let batch: string[] = [];
    let batchTable = '';
    const flush = async () => {
      if (batch.length === 0) return;
      const columns = header!.tables.find((t) => t.name === batchTable)!.columns;
      const list = sql.join(
        columns.map((c) => ident(c)),
        sql`, `,
      );
      await tx.execute(sql`insert into ${ident(batchTable)} (${list}) overriding system value
        select ${list} from jsonb_populate_recordset(null::${ident(batchTable)}, ${`[${batch.join(',')}]`}::jsonb)`);
      counts[batchTable] = (counts[batchTable] ?? 0) + batch.length;
      batch = [];
    };
    for await (const text of lines) {
      if (!text) continue;
      if (!text.startsWith('{')) {
        const tab = text.indexOf('\t');
        const table = text.slice(0, tab);
        if (!header?.tables.some((t) => t.name === table)) {
          throw new Error(`A row of ${table}, which the dump's header does not name`);
        }
        if (table !== batchTable || batch.length >= INSERT_ROWS) await flush();
        batchTable = table;
        batch.push(text.slice(tab + 1));
        continue;
      }
      const line = JSON.parse(text) as Line;
      if (line.kind === 'header') {
        header = await checkTarget(tx, line);
      } else {
        await flush();
        ended = line.counts;
      }
    }
    if (!header || !ended) throw new Error('The dump is incomplete (no end line): not loaded');
    for (const [table, n] of Object.entries(ended)) {
      if ((counts[table] ?? 0) !== n) {
        throw new Error(`The dump says ${n} rows of ${table}, and holds ${counts[table] ?? 0}`);
      }
    }
    await moveSequences(tx);
    return { header, counts };
  });
}

/** The header, when the target has the dump's schema and no rows. */
async function checkTarget(tx: Database, header: DumpHeader): Promise<DumpHeader> {
  if (header.format !== DUMP_FORMAT) throw new Error(`Not a dump this release reads`);
  const applied = await appliedMigrations(tx);
  if (applied.join() !== header.migrations.join()) {
    throw new Error(
      `The dump was taken at migration ${header.migrations.length} and this release is at ${applied.length}: ` +
        'restore it with the release that took it, then upgrade',
    );
  }
  const here = await tablesInOrder(tx);
  for (const table of here) {
    const [row] = await rowsOf<{ any: boolean }>(
      tx,
      sql`select exists (select from ${ident(table.name)}) as any`,
    );
    if (row?.any) throw new Error(`The database is not empty (${table.name} has rows)`);
  }
  return header;
}

/** Each identity or serial column's sequence set past the column's largest value. */
async function moveSequences(tx: Database): Promise<void> {
  const owned = await rowsOf<{ table: string; column: string; sequence: string }>(
    tx,
    sql`select table_name as "table", column_name as "column",
          pg_get_serial_sequence(format('%I', table_name), column_name) as sequence
        from information_schema.columns
        where table_schema = 'public'
          and pg_get_serial_sequence(format('%I', table_name), column_name) is not null`,
  );
  for (const s of owned) {
    await tx.execute(
      sql`select setval(${s.sequence}::regclass, coalesce((select max(${ident(s.column)}) from ${ident(s.table)}), 0) + 1, false)`,
    );
  }
}
