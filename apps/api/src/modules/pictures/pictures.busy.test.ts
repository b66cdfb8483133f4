import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import type * as Untrusted from '../../lib/untrusted.ts';
import { createFamily } from '../../test/family.ts';
import { multipartFile } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

// Every decoding child busy and the line full (decision 030, "A bounded line"): the picture is
// not the family's fault, so they are told to try again shortly, not to choose another file.
vi.mock('../../lib/untrusted.ts', async (original) => ({
  ...(await original<typeof Untrusted>()),
  runUntrusted: () =>
    Promise.reject(new AppError(503, 'DECODER_BUSY', 'Many files are being checked.', 30)),
}));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const jpeg = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#6a2c91' } })
    .jpeg()
    .toBuffer();

it('a busy decoder is a 503 with Retry-After, for a profile picture and a site picture', async () => {
  const family = await createFamily(t);
  const profile = multipartFile('me.jpg', await jpeg());
  const picture = await t.app.inject({
    method: 'POST',
    url: '/api/Uploads/NewUploadFiles',
    payload: profile.payload,
    headers: {
      ...family.auth,
      ...profile.headers,
      orderid: '0',
      orderitemid: '0',
      participantid: '0',
    },
  });
  expect(picture.statusCode, picture.body).toBe(503);
  expect(picture.headers['retry-after']).toBe('30');
  expect(picture.json()).toMatchObject({ code: 'DECODER_BUSY' });

  const organiser = await createStaff(t, 'organiser');
  const site = multipartFile('portrait.jpg', await jpeg());
  const image = await t.app.inject({
    method: 'POST',
    url: `/api/Staff/Events/${t.eventId}/Content/Images?kind=portrait`,
    payload: site.payload,
    headers: { ...site.headers, ...organiser.auth },
  });
  expect(image.statusCode, image.body).toBe(503);
  expect(image.json()).toMatchObject({ code: 'DECODER_BUSY' });
});
