import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { EntryResultSchema, type Item, MarkingEntrySchema } from '@eisteddfod/shared';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createStaff, finalisedEntry } from '../modules/adjudication/adjudication.test-helpers.ts';
import { CERTIFICATES_JOB } from '../modules/results-day/certificates.service.ts';
import { findUploadById } from '../modules/uploads/entry-files.repository.ts';
import { createMediaLinks } from '../modules/entries/media-links.ts';
import { createFamily } from '../test/family.ts';
import { catalogueItems } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// With STORAGE_DRIVER=s3, files reach the browser from the bucket: the API answers a signed
// link with a redirect to a pre-signed GET, and its bytes never pass through the API.
const BUCKET = 'eisteddfod-downloads-test';
const s3Dir = mkdtempSync(path.join(tmpdir(), 's3rver-downloads-'));
let s3server: S3rver;
let origin: string;
let t: TestApp;

beforeAll(async () => {
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
  const address = (await s3server.run()) as AddressInfo;
  origin = `http://127.0.0.1:${address.port}`;
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: origin,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  s3.destroy();
  t = await createTestApp({
    now: '2025-04-01T10:00:00Z',
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      // The API reaches the bucket by one name; browsers are sent to the public one.
      S3_ENDPOINT: `http://localhost:${address.port}`,
      S3_PUBLIC_ENDPOINT: origin,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'staging/',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await s3server?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const danceSolo = (items: Item[]) =>
  items.find((i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance')!;

it('redirects an entry file to a pre-signed bucket link with the blind name, and allows the bucket in the CSP', async () => {
  const family = await createFamily(t);
  const entry = await finalisedEntry(t, family, danceSolo(await catalogueItems(t)), {
    firstName: 'Naledi',
  });
  const bytes = Buffer.from('a performance, as far as this test is concerned');
  await t.app.storage.put(`entries/${entry.orderItemId}/performance.mp4`, bytes, 'video/mp4');
  const links = createMediaLinks(t.app.signedLinks, t.app.videoHost);
  const upload = (await findUploadById(t.database.db, entry.uploadId))!;
  const { url } = links.forAdjudicator(upload);

  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(302);
  expect(res.body).toBe('');
  const target = new URL(res.headers.location!);
  expect(target.origin).toBe(origin);
  expect(target.pathname).toBe(`/${BUCKET}/staging/entries/${entry.orderItemId}/performance.mp4`);
  expect(target.searchParams.get('X-Amz-Signature')).toBeTruthy();
  // A recording's link lives an hour at most, though the API link it came from lives longer.
  expect(Number(target.searchParams.get('X-Amz-Expires'))).toBe(3600);
  expect(res.headers.location).not.toContain('Naledi');
  expect(res.headers['content-security-policy']).toContain(`media-src 'self' ${origin}`);

  // What the browser gets from the bucket: the bytes, ranges, and the blind name.
  const fetched = await fetch(target);
  expect(fetched.status).toBe(200);
  expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
  expect(fetched.headers.get('content-type')).toBe('video/mp4');
  expect(fetched.headers.get('content-disposition')).toMatch(/^inline; filename="/);
  expect(fetched.headers.get('content-disposition')).not.toContain('Naledi');
  const part = await fetch(target, { headers: { range: 'bytes=2-12' } });
  expect(part.status).toBe(206);
  expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(2, 13));
});

it('redirects a certificate to the bucket, and still refuses a wrong API link', async () => {
  const items = await catalogueItems(t);
  const organiser = await createStaff(t, 'organiser');
  const adjudicator = await createStaff(t, 'adjudicator');
  await organiser.call('POST', `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`, {
    section: 'Dance',
  });
  const family = await createFamily(t);
  const entry = await finalisedEntry(t, family, danceSolo(items));
  const markUrl = `/api/Staff/Marking/${entry.orderItemId}`;
  const { rubric } = MarkingEntrySchema.parse((await adjudicator.call('GET', markUrl)).json());
  const saved = await adjudicator.call('PUT', markUrl, {
    scores: rubric.map((c) => ({ name: c.name, value: c.maxValue })),
    comment: 'Lovely',
    submit: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await organiser.call('POST', '/api/Staff/Results/Publish', {})).statusCode).toBe(200);
  await t.app.jobs.settled(CERTIFICATES_JOB);
  const shown = EntryResultSchema.parse(
    (await family.call('GET', `/api/OrderItems/${entry.orderItemId}/Result`)).json(),
  );
  const link = shown.certificates[0]!.url;

  const res = await t.app.inject({ url: link });
  expect(res.statusCode).toBe(302);
  const pdf = await fetch(res.headers.location!);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  const tampered = link.replace(/signature=./, 'signature=x');
  expect((await t.app.inject({ url: tampered })).statusCode).toBe(404);
});
