import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The bucket's layout with STORAGE_DRIVER=s3 (providers/storage/s3-client.ts): everything under
// S3_PREFIX, so that environments can share a bucket; videos and the tus store's own objects
// under S3_PREFIX + 'videos/', as under DATA_DIR on disk.
const BUCKET = 'eisteddfod-tus-test';
const PREFIX = 'staging/';
const s3Dir = mkdtempSync(path.join(tmpdir(), 's3rver-tus-'));
let s3server: S3rver;
let s3: S3Client;
let t: TestApp;

beforeAll(async () => {
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
  const address = (await s3server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  s3 = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  t = await createTestApp({
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: PREFIX,
    },
  });
});
afterAll(async () => {
  await t?.close();
  s3.destroy();
  await s3server?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

async function bucketKeys(): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((o) => o.Key ?? '');
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('S3_PREFIX with STORAGE_DRIVER=s3', () => {
  it('puts the tus store’s objects under the prefix, where the video files are read', async () => {
    // The upload our tus endpoint makes on a POST (s3rver lacks ListParts, which the rest needs).
    const uploadId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    await t.app.tusUploads.datastore.create({
      id: uploadId,
      size: 1000,
      offset: 0,
      metadata: { filename: 'take.mp4' },
      creation_date: undefined,
      storage: undefined,
      sizeIsDeferred: false,
    });

    // The upload keeps its id (the one in its tus URL); its objects carry the prefix.
    expect(await bucketKeys()).toContain(`${PREFIX}videos/${uploadId}.info`);
    expect((await bucketKeys()).filter((key) => !key.startsWith(PREFIX))).toEqual([]);

    // A finished video is read back by its upload id from where the store writes it.
    await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: `${PREFIX}videos/${uploadId}`,
        Body: 'the video bytes',
      }),
    );
    expect(await text((await t.app.videoFiles.read(uploadId)).stream)).toBe('the video bytes');
  });

  it('puts pictures, documents and certificates under the prefix, as before', async () => {
    await t.app.storage.put('pictures/1/face.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect(await bucketKeys()).toContain(`${PREFIX}pictures/1/face.jpg`);
    expect(await text((await t.app.storage.read('pictures/1/face.jpg')).stream)).toBe('jpeg');
  });
});
