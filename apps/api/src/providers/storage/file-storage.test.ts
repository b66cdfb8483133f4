import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.ts';
import { FileNotFoundError, type FileStorage } from './file-storage.ts';
import { createS3Storage } from './s3-storage.ts';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** The one behaviour every storage adapter must have. */
function behavesAsFileStorage(name: string, make: () => FileStorage) {
  describe(name, () => {
    it('stores, reads, reports and deletes a file', async () => {
      const storage = make();
      const key = `pictures/1/${Date.now()}.jpg`;
      expect(await storage.exists(key)).toBe(false);
      await storage.put(key, Buffer.from('hello picture'), 'image/jpeg');
      expect(await storage.exists(key)).toBe(true);
      const file = await storage.read(key);
      expect(file.size).toBe(13);
      expect(await text(file.stream)).toBe('hello picture');
      await storage.put(key, Buffer.from('replaced'), 'image/jpeg');
      expect(await text((await storage.read(key)).stream)).toBe('replaced');
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      await storage.delete(key);
    });

    it('says when a file is missing', async () => {
      await expect(make().read('pictures/none.jpg')).rejects.toBeInstanceOf(FileNotFoundError);
    });

    it('reads a byte range, and tells the whole size', async () => {
      const storage = make();
      await storage.put('videos/range.txt', Buffer.from('0123456789'), 'text/plain');
      const part = await storage.read('videos/range.txt', { start: 2, end: 5 });
      expect(await text(part.stream)).toBe('2345');
      expect(part.size).toBe(10);
    });

    it('lists every stored file with its size', async () => {
      const storage = make();
      const folder = `list-${Date.now()}`;
      await storage.put(`${folder}/a.txt`, Buffer.from('abc'), 'text/plain');
      await storage.put(`${folder}/deeper/b.txt`, Buffer.from('hello'), 'text/plain');
      const listed = [];
      for await (const o of storage.list()) if (o.key.startsWith(folder)) listed.push(o);
      expect(listed.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
        { key: `${folder}/a.txt`, size: 3 },
        { key: `${folder}/deeper/b.txt`, size: 5 },
      ]);
    });

    it('refuses keys that could escape its root', async () => {
      const storage = make();
      for (const key of ['../etc/passwd', '/abs/path', 'a//b', 'pictures/../../x']) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
      }
    });
  });
}

const diskRoot = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
afterAll(() => rmSync(diskRoot, { recursive: true, force: true }));
behavesAsFileStorage('disk storage', () => createDiskStorage(diskRoot));

// A real S3 peer on loopback: s3rver speaks the S3 protocol to the AWS SDK.
const s3Dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
let s3server: S3rver;
let endpoint = '';
beforeAll(async () => {
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
  const address = (await s3server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: 'eisteddfod-test' }));
});
afterAll(async () => {
  await s3server.close();
  rmSync(s3Dir, { recursive: true, force: true });
});
behavesAsFileStorage('S3 storage (s3rver)', () =>
  createS3Storage({
    bucket: 'eisteddfod-test',
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'test/',
  }),
);

it('leaves the videos out of the listing of the files storage on S3', async () => {
  const settings = {
    bucket: 'eisteddfod-test',
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const files = createS3Storage({ ...settings, prefix: 'nested/', listExcludes: ['videos/'] });
  const videos = createS3Storage({ ...settings, prefix: 'nested/videos/' });
  await files.put('pictures/1.jpg', Buffer.from('p'), 'image/jpeg');
  await videos.put('0f1e', Buffer.from('v'), 'video/mp4');
  const keys = async (s: FileStorage) => {
    const out = [];
    for await (const o of s.list()) out.push(o.key);
    return out;
  };
  expect(await keys(files)).toEqual(['pictures/1.jpg']);
  expect(await keys(videos)).toEqual(['0f1e']);
});
