import { connect } from 'node:net';
import pg from 'pg';

/**
 * The machine's PostgreSQL and Redis, which the cluster shares as production instances share
 * theirs. CI (.ci/run) names them in DATABASE_URL and REDIS_URL; a local run finds them on their
 * usual loopback ports.
 */

/** The PostgreSQL server to make this run's database on: DATABASE_URL's server, or the local one. */
function postgresServerUrl(): URL {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url;
}

/** Why PostgreSQL cannot be used, or undefined when it answers. */
export async function postgresProblem(): Promise<string | undefined> {
  const url = postgresServerUrl();
  const client = new pg.Client({ connectionString: url.href, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (err) {
    return `PostgreSQL at ${url.host} does not answer (${(err as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A fresh database of its own for this run, as .ci/run makes one: its URL for the instances, a
 * client for the test's own queries, and `drop` (which closes the client first).
 */
export async function createDatabase(name: string) {
  const server = postgresServerUrl();
  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(server.href);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  return {
    url: url.href,
    query: <T extends pg.QueryResultRow>(sql: string, values?: unknown[]) =>
      client.query<T>(sql, values).then((result) => result.rows),
    async drop() {
      await client.end().catch(() => undefined);
      const dropper = new pg.Client({ connectionString: server.href });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** REDIS_URL, or the local Redis. */
export function redisUrl(): string {
  return process.env.REDIS_URL || 'redis://127.0.0.1:6379';
}

/**
 * Sends inline commands to Redis and answers its replies, one line each (enough for PING,
 * SELECT and FLUSHDB); fails after 3 s.
 */
function redisCommands(url: URL, commands: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port || 6379), url.hostname);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer within 3 s'));
    }, 3000);
    let answer = '';
    const auth = url.password ? [`AUTH ${decodeURIComponent(url.password)}`] : [];
    socket.on('connect', () =>
      socket.write([...auth, ...commands].map((c) => `${c}\r\n`).join('')),
    );
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      const lines = answer.split('\r\n').filter(Boolean);
      if (lines.length >= auth.length + commands.length) {
        clearTimeout(timer);
        socket.end();
        resolve(lines.slice(auth.length));
      }
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** Why Redis cannot be used, or undefined when it answers. */
export async function redisProblem(): Promise<string | undefined> {
  const url = new URL(redisUrl());
  const [pong] = await redisCommands(url, ['PING']).catch((err: Error) => [err.message]);
  return pong === '+PONG' ? undefined : `Redis at ${url.host} does not answer PING (${pong})`;
}
