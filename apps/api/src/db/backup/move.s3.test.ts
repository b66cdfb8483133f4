import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { Item } from '@eisteddfod/shared';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/env.ts';
import { finalisedEntry } from '../../modules/adjudication/adjudication.test-helpers.ts';
import { accountsClient } from '../../modules/accounts/accounts-test-client.ts';
import { storageFrom } from '../../providers/storage/configured-storage.ts';
import { createDiskStorage } from '../../providers/storage/disk-storage.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { readDemoCatalogue } from '../seed/demo-catalogue.ts';
import { loadCatalogue } from '../seed/seed.ts';
import { moveData } from './move.ts';

// The move of issue 31: a school that started on `npm start` (embedded PGlite and files under
// DATA_DIR) moves to PostgreSQL and a bucket with `npm run move-to-postgres`; afterwards its
// families sign in and download their files from the bucket.

/** The PostgreSQL server to make the target database on: CI's, or this machine's. */
async function postgresServer(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}
const serverUrl = await postgresServer();

const PERFORMANCE = randomBytes(300_000);
const BUCKET = 'eisteddfod-move-test';
const dataDir = mkdtempSync(path.join(tmpdir(), 'move-embedded-'));
const s3Dir = mkdtempSync(path.join(tmpdir(), 's3rver-move-'));
const targetName = `move_${Date.now()}_${randomBytes(3).toString('hex')}`;
let s3server: S3rver | undefined;
let embedded: TestApp | undefined;
let moved: TestApp | undefined;

afterAll(async () => {
  await moved?.close();
  await embedded?.close().catch(() => {});
  await s3server?.close();
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${targetName} with (force)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(s3Dir, { recursive: true, force: true });
});

describe.skipIf(!serverUrl)(
  'moving an embedded run to PostgreSQL and S3 (skipped when no PostgreSQL answers at DATABASE_URL or 127.0.0.1:5432)',
  () => {
    let family: { id: number; email: string };
    let entry: { orderItemId: number; fileName: string };
    let s3env: Record<string, string>;

    beforeAll(async () => {
      // The embedded run, populated: the demo catalogue, a family, a finalised entry with its
      // recording.
      const source = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      await migrateDatabase(source, async () => {
        await loadCatalogue(source.db, readDemoCatalogue({ exactDates: true }));
      });
      embedded = await createTestApp({ database: source, dataDir });
      const items: Item[] = await catalogueItems(embedded);
      const dance = items.find((i) => !i.isGroupItem && i.category.section === 'Dance')!;
      const f = await createFamily(embedded);
      family = f;
      const made = await finalisedEntry(embedded, f, dance, { firstName: 'Naledi' });
      await embedded.app.storage.put(
        `entries/${made.orderItemId}/performance.mp4`,
        PERFORMANCE,
        'video/mp4',
      );
      entry = { orderItemId: made.orderItemId, fileName: '' };
      const listed = await f.call(
        'GET',
        `/api/OrderItems/ParticipantOrderItems?participantId=${made.profileId}&skip=0&take=10&year=2025`,
      );
      const uploads = listed.json<{
        items: { id: number; orderItemUploads: { fileName: string; id: number }[] }[];
      }>().items[0]!.orderItemUploads;
      entry.fileName = uploads.find((u) => u.id === made.uploadId)!.fileName;
      // `npm start` stopped.
      await embedded.app.close();
      await source.close();

      s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
      const address = (await s3server.run()) as AddressInfo;
      const endpoint = `http://127.0.0.1:${address.port}`;
      const s3 = new S3Client({
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
      s3.destroy();
      s3env = {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: 'school/',
      };
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${targetName}`);
      await admin.end();
      // A new embedded folder (initdb), the migrations and the demo catalogue: slow on a busy CI.
    }, 240_000);

    it('moves the database (sequences included) and the files, and families sign in and download', async () => {
      const url = new URL(serverUrl!);
      url.pathname = `/${targetName}`;
      const config = parseConfig({ ...s3env, NODE_ENV: 'test', DATA_DIR: dataDir });
      const source: DatabaseHandle = await openDatabase({
        pgliteDir: path.join(dataDir, 'pglite'),
      });
      const target = await openDatabase({ url: url.toString(), poolSize: 3 });
      const started = performance.now();
      const outcome = await moveData(
        {
          database: source,
          stores: {
            files: createDiskStorage(path.join(dataDir, 'files')),
            videos: createDiskStorage(path.join(dataDir, 'videos')),
          },
        },
        {
          database: target,
          stores: { files: storageFrom(config, 'files'), videos: storageFrom(config, 'videos') },
          sameStores: false,
        },
      );
      const seconds = (performance.now() - started) / 1000;
      await source.close();
      expect(outcome.report.missing).toEqual([]);
      expect(outcome.files.files.copied).toBeGreaterThanOrEqual(1);
      console.log(
        `move drill: ${outcome.rows} rows and ${outcome.files.files.copied} files (${outcome.files.files.bytes} bytes) in ${seconds.toFixed(2)} s`,
      );

      // The server on PostgreSQL and the bucket.
      moved = await createTestApp({ database: target, env: s3env });
      const client = accountsClient(moved.app, '198.18.200.1');
      const { token } = await client.logIn(family.email);
      const auth = { authorization: `Bearer ${token}` };
      const link = await moved.app.inject({
        url: `/api/BucketLinks/BucketLink?orderItemId=${entry.orderItemId}&fileName=${encodeURIComponent(entry.fileName)}`,
        headers: auth,
      });
      expect(link.statusCode, link.body).toBe(200);
      const api = await moved.app.inject({ url: link.json<{ url: string }>().url, headers: auth });
      expect(api.statusCode, api.body).toBe(302);
      const fetched = await fetch(api.headers.location!);
      expect(fetched.status).toBe(200);
      expect(Buffer.from(await fetched.arrayBuffer()).equals(PERFORMANCE)).toBe(true);

      // Sequences moved: a new family and a new entry get new ids, not the moved ones'.
      const newcomer = await createFamily(moved);
      expect(newcomer.id).toBeGreaterThan(family.id);
      const cart = await newcomer.openCart();
      expect(cart).toBeGreaterThan(0);
    }, 240_000);
  },
);
