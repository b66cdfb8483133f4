import { VALIDATION_TEXT } from '@eisteddfod/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsOf } from './messages.ts';
import { createFamily } from '../test/family.ts';
import { multipartFile } from '../test/multipart.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let family: Awaited<ReturnType<typeof createFamily>>;
/** A real picture, so that only its name can be wrong. */
let JPEG: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  family = await createFamily(t);
  JPEG = await sharp({
    create: { width: 4, height: 4, channels: 3, background: '#336699' },
  })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

/** Every route that reads an upload with readOneFile, with the headers it needs to get there. */
const UPLOAD_ROUTES: [url: string, headers: Record<string, string>][] = [
  ['/api/Uploads/UploadFiles', {}],
  ['/api/Uploads/NewUploadFiles', {}],
  ['/api/Uploads/UploadS3Files', { orderItemId: '1', uploadTypeId: '3' }],
];

async function upload(url: string, headers: Record<string, string>, payload: Buffer) {
  return t.app.inject({ method: 'POST', url, headers: { ...family.auth, ...headers }, payload });
}

describe('readOneFile: a malformed upload is the caller’s mistake (400), never a 500', () => {
  it('answers 400 to multipart without a boundary', async () => {
    const { payload } = multipartFile('photo.jpg', JPEG);
    for (const [url, headers] of UPLOAD_ROUTES) {
      const res = await upload(url, { ...headers, 'content-type': 'multipart/form-data' }, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'MALFORMED_UPLOAD' });
    }
  });

  it('answers 400 to a body cut short in the file or in its part headers', async () => {
    const file = multipartFile('photo.jpg', JPEG);
    for (const cut of [file.payload.length - 30, 60]) {
      for (const [url, headers] of UPLOAD_ROUTES) {
        const res = await upload(
          url,
          { ...headers, ...file.headers },
          file.payload.subarray(0, cut),
        );
        expect(res.statusCode, `${url} cut at ${cut}: ${res.body}`).toBe(400);
      }
    }
  });

  it('refuses a file name with control characters (PostgreSQL cannot store NUL)', async () => {
    const file = multipartFile('pho\u0000to.jpg', JPEG);
    for (const [url, headers] of UPLOAD_ROUTES) {
      const res = await upload(url, { ...headers, ...file.headers }, file.payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: wordsOf(VALIDATION_TEXT.say('fileName')),
        messageId: VALIDATION_TEXT.id('fileName'),
      });
    }
  });
});
