import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { promisify } from 'node:util';
import { apiRoot } from '../lib/paths.ts';
import { lockPgliteFolder } from './pglite-lock.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction's handle: repositories take it where a write must share one. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Resolves when the database answers a trivial query; used by /readyz. */
  ping(): Promise<void>;
  /**
   * Runs raw SQL outside any transaction: the job queue's way in (plugins/jobs.ts). On PGlite a
   * text without values may hold several statements, as the queue's migrations do.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Calls `onMessage` with each payload NOTIFY sends on `channel`, from any instance on this
   * database, and `onGap` when messages may have been missed (the listening connection was
   * lost and is back). Answers a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * The connection pool's use now (GET /metrics): undefined on PGlite, which is one embedded
   * connection with no pool.
   */
  poolUse(): PoolUse | undefined;
  /** Runs `work` while holding a lock that other instances on the same database wait for. */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
}

export interface PoolUse {
  /** DATABASE_POOL_SIZE. */
  max: number;
  /** Connections open, busy or idle. */
  open: number;
  idle: number;
  /** Queries waiting for a connection: the pool is too small, or the database too slow. */
  waiting: number;
}

/**
 * PGlite's own start parameters, plus smaller buffers. Its WebAssembly memory only grows, and
 * PostgreSQL's default 128 MB of shared buffers, once touched, stayed resident for the
 * process's life; one embedded database of one event needs far less (issue 15's memory figures).
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'temp_buffers=2MB', '-c', 'wal_buffers=1MB'],
  ...['-c', 'work_mem=2MB', '-c', 'maintenance_work_mem=16MB'],
];

/** Arbitrary constant naming the advisory lock that serialises start-up work. */
const STARTUP_LOCK = 4_171_025;

export interface DatabaseOptions {
  /** A PostgreSQL connection string. */
  url?: string | undefined;
  /** PGlite's folder; 'memory://' keeps everything in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      executeSql: (text, values) => pool.query(text, values),
      listen: (channel, onMessage, onGap) =>
        listenOnPostgres(options.url!, channel, onMessage, onGap),
      close: () => pool.end(),
      poolUse: () => ({
        max: pool.options.max,
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      async withStartupLock(work) {
        // A session lock on a connection of its own, outside the pool: the work itself uses
        // the pool's connections, which a pool of one would otherwise hold for the lock.
        const client = new pg.Client({ connectionString: options.url });
        client.on('error', () => {});
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          return await work();
        } finally {
          await client.end().catch(() => {});
        }
      },
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  let unlock = () => {};
  if (!dir.startsWith('memory://')) {
    mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
    unlock = lockPgliteFolder(path.resolve(dir));
  }
  let client: PGlite;
  try {
    if (!dir.startsWith('memory://')) await initialisePgliteApart(dir);
    client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      // exec runs every statement of the text; its last result is the answer.
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    // One process: nothing is ever missed.
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    poolUse: () => undefined,
    // PGlite is one embedded connection in one process: nothing else can race it.
    withStartupLock: (work) => work(),
  };
}

/**
 * LISTEN needs a connection of its own, held for the process's life. When it drops (a database
 * restart, a network blip) it is opened again after a second, and `onGap` says that
 * notifications sent meanwhile were missed.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const reconnectSoon = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      connect().then(() => {
        try {
          onGap();
        } catch {
          // A listener's failure must not end the process; the next gap tries again.
        }
      }, reconnectSoon);
    }, 1000);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    // TCP keep-alive, so that a connection a NAT or balancer dropped in silence ends, and is
    // replaced, instead of waiting for notices that no longer come.
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    const lost = () => {
      // Only the connection in use: one that failed while opening is retried by its caller.
      if (client !== c) return;
      client = undefined;
      void c.end().catch(() => {});
      reconnectSoon();
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      // Stopped while this connection was opening.
      await c.end().catch(() => {});
      return;
    }
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * Creates a new PGlite data folder in a short-lived child process. Creating one runs initdb,
 * a second WebAssembly module whose compiled code and memory stayed resident in the server
 * for its life: a first start measured 410 to 780 MB, a restart on the same folder 270 MB.
 * The child resolves PGlite from apps/api, so this works from src/ and from dist/ alike.
 */
async function initialisePgliteApart(folder: string): Promise<void> {
  // Absolute, since the child runs in apps/api and the server wherever it was started.
  const dir = path.resolve(folder);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = [
    "const { PGlite } = await import('@electric-sql/pglite');",
    'const db = await PGlite.create(process.argv[1]);',
    'await db.close();',
  ].join('\n');
  // '--': the folder is the script's argument, never an option of Node's.
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, '--', dir], {
    cwd: apiRoot(),
  });
}
