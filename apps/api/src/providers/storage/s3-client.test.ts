import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3Client, s3DownloadOrigin, s3SettingsFrom } from './s3-client.ts';
import { createS3Storage } from './s3-storage.ts';

// An S3 stand-in on loopback that records what it is sent and answers as S3 would, for the
// calls s3rver lacks (the listing of multipart uploads the tus store's sweep makes).
const XMLNS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';
let server: Server;
let endpoint = '';
let requests: { method: string; url: string; body: string }[] = [];

const pathOf = (url: string) => new URL(url, 'http://s3.invalid').pathname;

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.setHeader('content-type', 'application/xml');
      if (req.method === 'GET' && req.url?.includes('uploads')) {
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult ${XMLNS}>` +
            '<Bucket>media</Bucket><Prefix>staging/videos/</Prefix>' +
            '<NextKeyMarker>staging/videos/abc</NextKeyMarker><IsTruncated>false</IsTruncated>' +
            '<Upload><Key>staging/videos/abc</Key><UploadId>u1</UploadId>' +
            '<Initiated>2025-01-01T00:00:00.000Z</Initiated></Upload>' +
            '</ListMultipartUploadsResult>',
        );
      } else if (req.method === 'POST' && req.url?.includes('delete')) {
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><DeleteResult ${XMLNS}>` +
            '<Deleted><Key>staging/videos/abc.info</Key></Deleted></DeleteResult>',
        );
      } else {
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  requests = [];
});

const config = (prefix: string) => ({
  S3_BUCKET: 'media',
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_PREFIX: prefix,
});

describe('the S3 client of the configuration', () => {
  it('lays the bucket out under S3_PREFIX: files by their keys, videos under videos/', () => {
    expect(s3SettingsFrom(config('staging/'), 'files').prefix).toBe('staging/');
    expect(s3SettingsFrom(config('staging/'), 'videos').prefix).toBe('staging/videos/');
    expect(s3SettingsFrom(config(''), 'videos').prefix).toBe('videos/');
  });

  it('puts the prefix before the keys it sends and takes it off the keys it is answered with', async () => {
    const client = createS3Client(s3SettingsFrom(config('staging/'), 'videos'));
    await client.send(new PutObjectCommand({ Bucket: 'media', Key: 'abc.info', Body: 'x' }));
    expect(requests[0]?.method).toBe('PUT');
    expect(pathOf(requests[0]!.url)).toBe('/media/staging/videos/abc.info');

    // The tus store's sweep of expired uploads: only this environment's, by their own ids.
    const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: 'media' }));
    expect(new URL(requests[1]!.url, endpoint).searchParams.get('prefix')).toBe('staging/videos/');
    expect(listed.Uploads?.map((u) => u.Key)).toEqual(['abc']);
    expect(listed.NextKeyMarker).toBe('abc');

    const deleted = await client.send(
      new DeleteObjectsCommand({ Bucket: 'media', Delete: { Objects: [{ Key: 'abc.info' }] } }),
    );
    expect(requests[2]!.body).toContain('<Key>staging/videos/abc.info</Key>');
    expect(deleted.Deleted?.map((d) => d.Key)).toEqual(['abc.info']);
    client.destroy();
  });

  it('sends keys as they are without a prefix', async () => {
    const client = createS3Client({ ...s3SettingsFrom(config(''), 'files'), prefix: '' });
    await client.send(
      new PutObjectCommand({ Bucket: 'media', Key: 'pictures/1/a.jpg', Body: 'x' }),
    );
    expect(pathOf(requests[0]!.url)).toBe('/media/pictures/1/a.jpg');
    await client.send(new ListMultipartUploadsCommand({ Bucket: 'media' }));
    expect(new URL(requests[1]!.url, endpoint).searchParams.get('prefix')).toBeNull();
    client.destroy();
  });
});

describe('the origin of pre-signed downloads (what the Content-Security-Policy allows)', () => {
  const config = {
    S3_REGION: 'eu-west-1',
    S3_PREFIX: '',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret',
    S3_ENDPOINT: undefined,
    S3_PUBLIC_ENDPOINT: undefined,
  };
  it.each([
    ['a plain bucket on AWS', { ...config, S3_BUCKET: 'entries' }],
    ['a bucket whose name has dots', { ...config, S3_BUCKET: 'entries.example.org' }],
    ['an endpoint', { ...config, S3_BUCKET: 'entries', S3_ENDPOINT: 'https://minio.example.org' }],
    [
      'a public endpoint',
      {
        ...config,
        S3_BUCKET: 'entries',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_PUBLIC_ENDPOINT: 'https://files.example.org',
      },
    ],
  ])('is where the SDK signs links for %s', async (_, settings) => {
    const storage = createS3Storage(s3SettingsFrom(settings, 'files'));
    const link = await storage.downloadUrl!('entries/1/a.pdf', {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      inline: true,
      expiresInSeconds: 60,
    });
    expect(new URL(link).origin).toBe(s3DownloadOrigin(settings));
  });
});
