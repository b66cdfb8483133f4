import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config/env.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { readDemoCatalogue } from '../db/seed/demo-catalogue.ts';
import { loadCatalogue } from '../db/seed/seed.ts';
import { pinEmailSubjects } from '../modules/accounts/text.ts';
import type { OutboxTransports } from '../modules/outbox/outbox.service.ts';
import type { LogStream } from '../plugins/server-options.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  eventId: number;
  /** Moves the app's clock. */
  setNow(iso: string): void;
  /** Stops the server and starts a new one on the same database and DATA_DIR (a restart). */
  restart(): Promise<void>;
  /**
   * A second instance on the same database, with connections of its own on PostgreSQL (on
   * PGlite it shares the one embedded database). Closed by `close()`.
   */
  anotherInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: on the PostgreSQL server of DATABASE_URL when it is set
 * (CI), in-memory PGlite otherwise. The demo catalogue is loaded with the spec's exact 2025
 * dates, so tests can place the clock around real deadlines.
 */
export const TEST_AUTH_SECRET = 'test-secret-of-at-least-thirty-two-characters';

/** What a production server is given at the least (config/env.ts refuses to start without). */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  AUTH_SECRET: TEST_AUTH_SECRET,
  PUBLIC_URL: 'https://entries.example.org',
  PAYMENT_PROVIDER: 'payfast',
  PAYFAST_MERCHANT_ID: '10000100',
  PAYFAST_MERCHANT_KEY: '46f0cd694581a',
  PAYFAST_PASSPHRASE: 'a passphrase of the merchant',
};

/**
 * The login pins a test's own mail transport delivered, by recipient. The outbox blanks a pin
 * once it has gone out (decision 031), so a test whose mail really leaves reads its families'
 * pins from what was delivered, as a family reads its inbox (accounts-test-client's latestPin).
 */
const deliveredPins = new Map<string, string>();
export const deliveredPin = (to: string) => deliveredPins.get(to.toLowerCase());

function recordingPins(transports: OutboxTransports): OutboxTransports {
  const { mail } = transports;
  if (!mail) return transports;
  return {
    ...transports,
    mail: {
      async send(message) {
        await mail.send(message);
        const pin = /\b(\d{6})\b/.exec(message.text)?.[1];
        if (pin && pinEmailSubjects().includes(message.subject))
          deliveredPins.set(message.to.toLowerCase(), pin);
      },
      close: () => mail.close(),
      ...(mail.check ? { check: () => mail.check!() } : {}),
    },
  };
}

interface TestAppOptions {
  now?: string;
  transports?: OutboxTransports;
  /** Settings over the test defaults; `undefined` removes one (NODE_ENV, to test defaults). */
  env?: Record<string, string | undefined>;
  /** Log lines go here (with LOG_LEVEL set in env: tests are silent by default). */
  logStream?: LogStream;
  /** A new site's database: migrated, with no event (`eventId` is 0). */
  withoutEvent?: boolean;
  /**
   * A database the test made and filled itself (a restored or moved one), used as it is: not
   * seeded, and closed (never dropped) by close().
   */
  database?: DatabaseHandle;
  /** DATA_DIR, kept by close() (the test's own); a new temporary folder otherwise. */
  dataDir?: string;
}

/**
 * A database of the test's own on the PostgreSQL server of DATABASE_URL, when it is set and the
 * test brought none: its URL, whether it is a copy of the run's migrated template
 * (global-setup.ts), and how to drop it.
 */
async function serverDatabase(options: TestAppOptions) {
  const serverUrl = process.env.DATABASE_URL;
  const templates = inject('testTemplates');
  let dropDatabase = async () => {};
  let url: string | undefined;
  let copied = false;
  if (serverUrl && !options.database) {
    const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const template = templates && (options.withoutEvent ? templates.bare : templates.seeded);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    await admin.end();
    copied = Boolean(template);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  return { url, copied, dropDatabase };
}

/**
 * The test's database, migrated and seeded unless the test brought its own or it is a copy of the
 * run's template (migrated and seeded already); its event's id.
 */
async function openTestDatabase(options: TestAppOptions, url: string | undefined, copied: boolean) {
  const database = options.database ?? (await openDatabase({ url, poolSize: 5 }));
  let eventId = 0;
  if (!options.database && !copied) {
    await migrateDatabase(database, async () => {
      if (options.withoutEvent) return;
      eventId = await loadCatalogue(database.db, readDemoCatalogue({ exactDates: true }));
    });
  } else {
    const { rows } = await database.executeSql('select min(id) as id from events', []);
    eventId = Number((rows[0] as { id: number | null } | undefined)?.id ?? 0);
  }
  return { database, eventId };
}

/** The test defaults under the test's own settings. */
function testConfig(options: TestAppOptions, dataDir: string) {
  const env: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    CATALOGUE_CACHE_SECONDS: '0',
    ...options.env,
  };
  return parseConfig(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)));
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  let clock = options.now ? Date.parse(options.now) : Date.parse('2025-04-01T10:00:00Z');
  const { url, copied, dropDatabase } = await serverDatabase(options);
  const { database, eventId } = await openTestDatabase(options, url, copied);
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'api-test-'));
  const config = testConfig(options, dataDir);
  const start = async (on: DatabaseHandle = database) => {
    const app = await buildApp({
      config,
      database: on,
      authSecret: TEST_AUTH_SECRET,
      now: () => clock,
      setNow: (ms) => (clock = ms),
      transports: recordingPins(options.transports ?? {}),
      logStream: options.logStream,
    });
    await app.ready();
    return app;
  };
  const others: (() => Promise<void>)[] = [];
  const testApp: TestApp = {
    app: await start(),
    database,
    eventId,
    setNow(iso) {
      clock = Date.parse(iso);
    },
    async restart() {
      await testApp.app.close();
      testApp.app = await start();
    },
    async anotherInstance() {
      const handle = url ? await openDatabase({ url, poolSize: 5 }) : database;
      const app = await start(handle);
      others.push(async () => {
        await app.close();
        if (handle !== database) await handle.close();
      });
      return app;
    },
    async close() {
      for (const closeOther of others) await closeOther();
      await testApp.app.close();
      // A test may have closed the database itself to see the app cope without it.
      await database.close().catch(() => {});
      await dropDatabase();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
