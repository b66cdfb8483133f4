import {
  CONTESTANT_TEXT,
  FILE_EXISTS,
  FILE_TEXT,
  ParticipantProfileSchema,
} from '@eisteddfod/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema/index.ts';
import { wordsOf } from '../../lib/messages.ts';
import { multipartFile } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createFamily } from '../../test/family.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { PICTURE_MAX_MB: '1' } });
});
afterAll(() => t.close());

/** A logged-in family that can also upload pictures. */
async function customer() {
  const family = await createFamily(t);
  return {
    ...family,
    async upload(path: string, fileName: string, data: Buffer, participantId = '0') {
      const body = multipartFile(fileName, data);
      return t.app.inject({
        method: 'POST',
        url: path,
        payload: body.payload,
        headers: {
          ...family.auth,
          ...body.headers,
          orderid: '0',
          orderitemid: '0',
          participantid: participantId,
        },
      });
    },
  };
}

const contestant = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ayanda',
  surname: 'Dlamini',
  school: 'Other School',
  grade: '5',
  gender: 'female',
  acceptedTermsAndConditions: true,
  acceptedHonourPledge: true,
  ...over,
});

const photo = (format: 'png' | 'jpeg' | 'tiff' | 'heif', size = 900) => {
  const image = sharp({
    create: { width: size, height: size * 0.75, channels: 3, background: '#7b2d8b' },
  });
  return (format === 'heif' ? image.heif({ compression: 'av1' }) : image.toFormat(format))
    .withMetadata({ exif: { IFD0: { Copyright: 'secret location' } } })
    .toBuffer();
};

describe('create contestant (spec 5 order)', () => {
  it.each([
    [{ acceptedTermsAndConditions: false, firstName: '' }, 'acceptTerms' as const],
    [{ acceptedHonourPledge: false, firstName: '' }, 'acceptPledge' as const],
    [{ firstName: ' ', surname: '' }, 'firstName' as const],
    [{ surname: '', school: '' }, 'surname' as const],
    [{ school: 'Hogwarts', grade: '' }, 'school' as const],
    [{ grade: '13' }, 'grade' as const],
  ])('refuses %o with the first failing message', async (over, key) => {
    const c = await customer();
    const res = await c.call(
      'POST',
      `/api/Customers/${c.id}/participant-profile`,
      contestant(over),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: wordsOf(CONTESTANT_TEXT.say(key)),
      messageId: CONTESTANT_TEXT.id(key),
    });
  });

  it('creates and lists a contestant without items or picture', async () => {
    const c = await customer();
    const res = await c.call('POST', `/api/Customers/${c.id}/participant-profile`, contestant());
    expect(res.statusCode).toBe(201);
    const list = await c.call('GET', `/api/Customers/${c.id}/ParticipantProfiles`);
    const [profile] = ParticipantProfileSchema.array().parse(list.json());
    expect(profile).toMatchObject({
      firstName: 'Ayanda',
      school: 'Other School',
      grade: '5',
      orderItems: [],
    });
    expect(profile?.profileImageLink).toBeNull();
  });
});

describe('profile pictures', () => {
  it('uploads a picture for a new contestant, then shows a small, clean copy through a signed link', async () => {
    const c = await customer();
    const up = await c.upload(
      '/api/Uploads/NewUploadFiles',
      'school-photo.png',
      await photo('png'),
    );
    expect(up.statusCode, up.body).toBe(200);
    const { name, fileUrl } = up.json<{ name: string; fileUrl: string }>();
    expect(fileUrl).toMatch(/^\/api\/files\/.+\/picture\?expires=\d+&signature=/);
    const created = await c.call(
      'POST',
      `/api/Customers/${c.id}/participant-profile`,
      contestant({ profilePicture: name }),
    );
    expect(created.statusCode).toBe(201);
    const link = created.json<{ profileImageLink: string }>().profileImageLink;
    expect(link).toBeTruthy();
    const image = await t.app.inject({ url: link });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(image.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(640);
    expect(meta.exif).toBeUndefined();
    const tampered = link.replace(/signature=.{4}/, 'signature=AAAA');
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(404);
  });

  it("answers 'File exists' for the same file name twice", async () => {
    const c = await customer();
    const data = await photo('jpeg');
    expect(
      (await c.upload('/api/Uploads/NewUploadFiles', 'me.jpg', data)).json(),
    ).not.toMatchObject({ name: FILE_EXISTS });
    expect((await c.upload('/api/Uploads/NewUploadFiles', 'me.jpg', data)).json()).toEqual({
      name: FILE_EXISTS,
      fileUrl: '',
    });
  });

  it('refuses a file whose content is not its extension, an unlisted type, and one too large', async () => {
    const c = await customer();
    const pdfAsJpg = await c.upload(
      '/api/Uploads/NewUploadFiles',
      'me.jpg',
      Buffer.from('%PDF-1.7\n...'),
    );
    expect(pdfAsJpg.statusCode).toBe(415);
    expect(pdfAsJpg.json()).toMatchObject({ code: 'CONTENT_MISMATCH' });
    const gif = await c.upload('/api/Uploads/NewUploadFiles', 'me.gif', Buffer.from('GIF89a'));
    expect(gif.statusCode).toBe(415);
    const big = await c.upload(
      '/api/Uploads/NewUploadFiles',
      'big.png',
      Buffer.alloc(1.5 * 1024 * 1024, 1),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
  });

  it('makes TIFF and HEIF pictures viewable; a PDF gets a placeholder by name', async () => {
    const c = await customer();
    for (const [file, format] of [
      ['a.tiff', 'tiff'],
      ['b.heif', 'heif'],
    ] as const) {
      const up = await c.upload('/api/Uploads/NewUploadFiles', file, await photo(format, 300));
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json<{ fileUrl: string }>().fileUrl).toContain('/picture?');
    }
    const pdf = await c.upload(
      '/api/Uploads/NewUploadFiles',
      'photo.pdf',
      Buffer.from('%PDF-1.4\n%…'),
    );
    const created = await c.call(
      'POST',
      `/api/Customers/${c.id}/participant-profile`,
      contestant({ profilePicture: pdf.json<{ name: string }>().name }),
    );
    expect(created.json()).toMatchObject({
      profileImageLink: null,
      profilePictureName: 'photo.pdf',
    });
  });

  it('replaces the picture of an existing contestant', async () => {
    const c = await customer();
    const created = (
      await c.call('POST', `/api/Customers/${c.id}/participant-profile`, contestant())
    ).json<{ id: number }>();
    const first = await c.upload(
      '/api/Uploads/UploadFiles',
      'one.png',
      await photo('png'),
      String(created.id),
    );
    const second = await c.upload(
      '/api/Uploads/UploadFiles',
      'two.png',
      await photo('png'),
      String(created.id),
    );
    expect(second.json<{ name: string }>().name).not.toBe(first.json<{ name: string }>().name);
    const again = await c.upload(
      '/api/Uploads/UploadFiles',
      'two.png',
      await photo('png'),
      String(created.id),
    );
    expect(again.json()).toMatchObject({ name: FILE_EXISTS });
    const files = await t.database.db.query.storedFiles.findMany();
    expect(files.filter((f) => f.participantProfileId === created.id)).toHaveLength(1);
  });
});

describe('edit and delete', () => {
  it('updates a contestant with the whole profile', async () => {
    const c = await customer();
    const created = (
      await c.call('POST', `/api/Customers/${c.id}/participant-profile`, contestant())
    ).json<{ id: number }>();
    const res = await c.call('PUT', `/api/Customers/${c.id}/participant-profile`, {
      ...contestant({ firstName: 'Sipho', grade: 'R' }),
      id: created.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, firstName: 'Sipho', grade: 'R' });
  });

  it('deletes a contestant without items, with its picture', async () => {
    const c = await customer();
    const up = await c.upload('/api/Uploads/NewUploadFiles', 'gone.png', await photo('png'));
    const created = (
      await c.call(
        'POST',
        `/api/Customers/${c.id}/participant-profile`,
        contestant({ profilePicture: up.json<{ name: string }>().name }),
      )
    ).json<{ id: number }>();
    const file = (await t.database.db.query.storedFiles.findMany()).find(
      (f) => f.participantProfileId === created.id,
    )!;
    expect(await t.app.storage.exists(file.storageKey)).toBe(true);
    const res = await c.call('DELETE', `/api/Customers/${c.id}/participant-profile/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect((await c.call('GET', `/api/Customers/${c.id}/participant-profiles`)).json()).toEqual([]);
    // Its record goes at once, its file a day later: a backup whose dump still names the picture
    // finds it when it copies the files (decision 036).
    expect(await t.app.storage.exists(file.storageKey)).toBe(true);
    const before = new Date(t.app.now()).toISOString();
    try {
      t.setNow(new Date(t.app.now() + 25 * 3600_000).toISOString());
      await t.app.dataRights.deletePendingFiles();
      expect(await t.app.storage.exists(file.storageKey)).toBe(false);
    } finally {
      t.setNow(before);
    }
  });

  it('refuses to delete a contestant with an entered item', async () => {
    const c = await customer();
    const created = (
      await c.call('POST', `/api/Customers/${c.id}/participant-profile`, contestant())
    ).json<{ id: number }>();
    const [order] = await t.database.db
      .insert(orders)
      .values({ customerId: c.id, eventId: t.eventId })
      .returning();
    const item = await t.database.db.query.items.findFirst();
    await t.database.db
      .insert(orderItems)
      .values({ orderId: order!.id, itemId: item!.id, participantProfileId: created.id });
    const res = await c.call('DELETE', `/api/Customers/${c.id}/participant-profile/${created.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: wordsOf(CONTESTANT_TEXT.say('hasItems')),
      messageId: CONTESTANT_TEXT.id('hasItems'),
    });
    const [listed] = (await c.call('GET', `/api/Customers/${c.id}/participant-profiles`)).json<
      { orderItems: { itemCode: string }[] }[]
    >();
    expect(listed?.orderItems.map((i) => i.itemCode)).toEqual([item!.code]);
  });
});

describe("another customer's contestants answer 404", () => {
  it('for read, create, update, delete and picture upload', async () => {
    const a = await customer();
    const b = await customer();
    const own = (
      await a.call('POST', `/api/Customers/${a.id}/participant-profile`, contestant())
    ).json<{ id: number }>();
    expect((await b.call('GET', `/api/Customers/${a.id}/participant-profiles`)).statusCode).toBe(
      404,
    );
    expect(
      (await b.call('POST', `/api/Customers/${a.id}/participant-profile`, contestant())).statusCode,
    ).toBe(404);
    expect(
      (
        await b.call('PUT', `/api/Customers/${a.id}/participant-profile`, {
          ...contestant(),
          id: own.id,
        })
      ).statusCode,
    ).toBe(404);
    // B on B's own path but with A's contestant id.
    expect(
      (
        await b.call('PUT', `/api/Customers/${b.id}/participant-profile`, {
          ...contestant(),
          id: own.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await b.call('DELETE', `/api/Customers/${a.id}/participant-profile/${own.id}`)).statusCode,
    ).toBe(404);
    const othersContestant = await b.call(
      'DELETE',
      `/api/Customers/${b.id}/participant-profile/${own.id}`,
    );
    expect(othersContestant.statusCode).toBe(404);
    // Said by id, so that the family's screen can say it in its language (decision 057).
    expect(othersContestant.json()).toMatchObject({
      code: 'PROFILE_NOT_FOUND',
      message: `There is no contestant with id ${own.id}`,
      messageId: CONTESTANT_TEXT.id('noContestant'),
      values: { id: String(own.id) },
    });
    const upload = await b.upload(
      '/api/Uploads/UploadFiles',
      'x.png',
      await photo('png'),
      String(own.id),
    );
    expect(upload.statusCode).toBe(404);
    const aPicture = (
      await a.upload('/api/Uploads/NewUploadFiles', 'a.png', await photo('png'))
    ).json<{ name: string }>();
    const stolen = await b.call(
      'POST',
      `/api/Customers/${b.id}/participant-profile`,
      contestant({ profilePicture: aPicture.name }),
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ code: 'PICTURE_NOT_FOUND' });
    expect(
      (await a.call('GET', `/api/Customers/${a.id}/participant-profiles`)).json(),
    ).toHaveLength(1);
  });

  it('and uploads need a session', async () => {
    const body = multipartFile('x.png', Buffer.from('x'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Uploads/NewUploadFiles',
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('picture abuse', () => {
  it('refuses a picture with too many pixels before decoding it', async () => {
    const c = await customer();
    // 8000 x 8000 of one colour: a small PNG that unpacks to 64 million pixels.
    const huge = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await c.upload('/api/Uploads/NewUploadFiles', 'huge.png', huge);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'UNREADABLE_PICTURE',
      message: 'This picture could not be read. Please choose another file.',
      messageId: FILE_TEXT.id('unreadablePicture'),
    });
  });
});

describe('a malformed picture reference (issue 30)', () => {
  it('answers 400 naming the field, on create and on update, before the database sees it', async () => {
    const c = await customer();
    // 36 characters as a picture id has, none of them a UUID: they reached the database (500).
    for (const malformed of [
      '-'.repeat(36),
      'a'.repeat(36),
      '0123456789abcdef-0123456789abcdef-01',
    ]) {
      const created = await c.call(
        'POST',
        `/api/Customers/${c.id}/participant-profile`,
        contestant({ profilePicture: malformed }),
      );
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(created.json<{ message: string }>().message).toContain("'profilePicture'");
    }
    const own = (
      await c.call('POST', `/api/Customers/${c.id}/participant-profile`, contestant())
    ).json<{ id: number }>();
    const updated = await c.call(
      'PUT',
      `/api/Customers/${c.id}/participant-profile`,
      contestant({ id: own.id, profilePicture: '-'.repeat(36) }),
    );
    expect(updated.statusCode, updated.body).toBe(400);
    expect(updated.json<{ message: string }>().message).toContain("'profilePicture'");
  });

  it('answers 400 naming the field for a picture link whose id is not a UUID', async () => {
    const res = await t.app.inject({
      url: `/api/files/${'-'.repeat(36)}/picture?expires=9999999999&signature=x`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain("'fileId'");
  });
});
