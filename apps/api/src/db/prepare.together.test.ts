import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config/env.ts';
import { TEST_AUTH_SECRET } from '../test/test-app.ts';
import { prepareDatabase } from './prepare.ts';

const serverUrl = process.env.DATABASE_URL;

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_together_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(serverUrl!);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** One instance's whole start, as server.ts does it: prepare the database, build, ready. */
async function startInstance(url: string, dataDir: string) {
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    SINGLE_INSTANCE: 'true',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent',
    ORGANISER_BOOTSTRAP_EMAIL: 'organiser@example.org',
  });
  const database = await prepareDatabase(config);
  try {
    const app = await buildApp({ config, database, authSecret: TEST_AUTH_SECRET });
    await app.ready();
    return {
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

// The README says instances may start together. Two of them on an empty database, started at
// the same instant, must both start: the migrations, the seed, the organiser and the job
// queue's own tables and queues are made by one of them at a time (decision 037). Before,
// one crashed with a deadlock creating the job queue's queues, 4 times in 4. PostgreSQL only:
// PGlite is one process's database, which nothing else opens at once.
it.runIf(serverUrl)(
  'two instances started together on an empty database both start, five times in five',
  async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'api-together-'));
    const outcomes: string[] = [];
    try {
      for (let round = 0; round < 5; round += 1) {
        const { url, drop } = await freshDatabase();
        try {
          const started = await Promise.allSettled([
            startInstance(url, dataDir),
            startInstance(url, dataDir),
          ]);
          for (const s of started) {
            if (s.status === 'fulfilled') await s.value.close();
            outcomes.push(s.status === 'fulfilled' ? 'started' : String(s.reason));
          }
        } finally {
          await drop();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(outcomes).toEqual(Array(10).fill('started'));
  },
  180_000,
);
