// Over 350 lines on purpose: the tus protocol's cases (create, resume, restart, permissions,
// limits) share one set of helpers that speak the protocol.
import { createHash, randomBytes } from 'node:crypto';
import {
  BLANK_VIDEO_TITLE,
  ENTRY_STATUS,
  FILE_EXISTS,
  mayEnterGrade,
  ParticipantOrderItemsPageSchema,
  VALIDATION_TEXT,
  type Item,
  type MainFileKind,
} from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { items as itemsTable, orderItemUploads } from '../../db/schema/index.ts';
import { wordsOf } from '../../lib/messages.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { permission, slotFor, tusClient } from '../../test/tus-client.ts';
import * as repo from './entry-files.repository.ts';
import { PROCESS_FILE_JOB } from './file-processing.service.ts';
import { createMediaLinks } from '../entries/media-links.ts';
import { TUS_PATH } from '../../providers/video/video-host.ts';

const NOW = '2025-04-01T10:00:00.000Z';
let t: TestApp;
let items: Item[];
let base = '';

async function listen() {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { SESSION_HOURS: '720' } });
  items = await catalogueItems(t, true);
  await listen();
});
afterAll(() => t.close());
beforeEach(() => t.setNow(NOW));

/** A small but real MP4 header ('ftyp' box) followed by `size` bytes in all. */
function fakeMp4(size: number): Buffer {
  const data = randomBytes(size);
  Buffer.from([0, 0, 0, 0x18]).copy(data, 0);
  Buffer.from('ftypisom', 'latin1').copy(data, 4);
  return data;
}

/** The Music solo paidEntry enters: one a Grade 9 contestant may enter (decision 042). */
const musicSolo = () =>
  items.find(
    (i) =>
      i.category.section === 'Music' &&
      !i.isGroupItem &&
      !i.requiresAnInstrument &&
      mayEnterGrade(i, '9'),
  )!;

async function paidEntry() {
  const f = await createFamily(t);
  const cart = await f.openCart();
  const profile = await f.addContestant({ firstName: 'Sipho', surname: 'Mokoena', grade: '9' });
  const item = musicSolo();
  const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: item.id,
    participantProfileId: profile,
  });
  await f.payCart(cart);
  return { f, profile, entry: added.json<{ id: number }>().id };
}

const { create, patch, offsetOf } = tusClient(() => base);
const b64 = (s: string) => Buffer.from(s).toString('base64');

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('resumable video uploads over tus', () => {
  it('resumes after a server restart from the last byte received, then records the entry file', async () => {
    const { f, profile, entry } = await paidEntry();
    const { auth, guid } = await slotFor(f, entry);
    const video = fakeMp4(3 * 1024 * 1024 + 17);
    const created = await create(auth, 'Recital take 2.MP4', video.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${TUS_PATH}/`));

    const half = 1024 * 1024 + 5;
    expect((await patch(auth, location, 0, video.subarray(0, half))).status).toBe(204);

    await t.restart();
    await listen();
    const resumed = await offsetOf(auth, location);
    expect(resumed).toEqual({ status: 200, offset: half });
    const done = await patch(auth, location, half, video.subarray(half));
    expect(done.status, await done.clone().text()).toBe(204);

    // The finish hook recorded the file; the portal's own report finds the same record.
    const page = ParticipantOrderItemsPageSchema.parse(
      (
        await f.call(
          'GET',
          `/api/OrderItems/ParticipantOrderItems?participantId=${profile}&year=2025`,
        )
      ).json(),
    );
    const [upload] = page.items[0]!.orderItemUploads;
    expect(page.items[0]!.status).toBe(ENTRY_STATUS.complete);
    expect(upload).toMatchObject({
      originalFileName: 'Recital take 2.MP4',
      uploadType: 2,
      isVideo: true,
      isPrimaryFile: true,
      videoId: auth.videoId,
      sizeInBytes: video.length,
    });
    const reported = await f.call('POST', `/api/OrderItems/${entry}/OrderItemUploads?orderId=0`, {
      orderItemId: entry,
      fileName: 'x.mp4',
      uploadType: 2,
      sizeInBytes: video.length,
      originalFileName: 'Recital take 2.MP4',
      isPrimaryFile: true,
      videoId: auth.videoId,
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json()).toEqual({ id: upload!.id });

    // The slot is full now; the next upload needs a new one.
    const slots = await f.call('GET', `/api/Uploads/Collection/${guid}/Video`);
    expect(slots.json()).toMatchObject({
      items: [{ guid: auth.videoId, storageSize: video.length, upload: null }],
    });

    // Played back byte for byte, with ranges, through the owner's signed link.
    const link = await f.call(
      'GET',
      `/api/BucketLinks/BucketLink?orderItemId=${entry}&orderId=0&fileName=${encodeURIComponent(upload!.fileName)}`,
    );
    const player = await fetch(new URL(link.json<{ url: string }>().url, base));
    expect(player.status).toBe(200);
    const source = /<video[^>]+src="([^"]+)"/
      .exec(await player.text())?.[1]
      ?.replaceAll('&amp;', '&');
    expect(source).toBeDefined();
    const whole = Buffer.from(await (await fetch(new URL(source!, base))).arrayBuffer());
    expect(sha(whole)).toBe(sha(video));
    const ranged = await fetch(new URL(source!, base), { headers: { range: 'bytes=1000-1999' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
  });

  it('refuses a missing, forged or expired permission', async () => {
    const { f, entry } = await paidEntry();
    const { auth } = await slotFor(f, entry);
    const bare = await create(auth, 'a.mp4', 10, { 'Tus-Resumable': '1.0.0' } as never);
    expect(bare.status).toBe(401);
    const forged = await create(
      auth,
      'a.mp4',
      10,
      permission({ ...auth, signature: 'f'.repeat(64) }),
    );
    expect(forged.status).toBe(403);
    const stretched = await create(
      auth,
      'a.mp4',
      10,
      permission({ ...auth, expires: auth.expires + 3600 }),
    );
    expect(stretched.status).toBe(403);
    t.setNow('2025-04-02T10:00:01.000Z');
    expect((await create(auth, 'a.mp4', 10)).status).toBe(403);
  });

  it("answers 404 for another customer's upload, whatever permission they hold", async () => {
    const mine = await paidEntry();
    const theirs = await paidEntry();
    const { auth } = await slotFor(mine.f, mine.entry);
    const created = await create(auth, 'mine.mp4', 1000);
    const location = created.headers.get('location')!;
    const other = await slotFor(theirs.f, theirs.entry);
    expect((await offsetOf(other.auth, location)).status).toBe(404);
    const write = await patch(other.auth, location, 0, fakeMp4(1000));
    expect(write.status).toBe(404);
    expect((await offsetOf(auth, location)).offset).toBe(0);
    // Their collections and slots are not visible either.
    const mineCollection = await mine.f.call('GET', `/api/Uploads/Collection?search=${mine.entry}`);
    const guid = mineCollection.json<{ items: { guid: string }[] }>().items[0]!.guid;
    expect((await theirs.f.call('GET', `/api/Uploads/Collection/${guid}/Video`)).statusCode).toBe(
      404,
    );
    expect(
      (await theirs.f.call('POST', '/api/Uploads/Collection', { name: String(mine.entry) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await theirs.f.call('GET', `/api/Uploads/Collection?search=${mine.entry}`)).json(),
    ).toEqual({ items: [] });
  });

  it('takes only the kinds of main file the organiser chose for the item', async () => {
    const { f, entry } = await paidEntry();
    const { auth } = await slotFor(f, entry);
    const item = musicSolo();
    const setKinds = async (kinds: MainFileKind[]) => {
      await t.database.db
        .update(itemsTable)
        .set({ mainFileKinds: kinds })
        .where(eq(itemsTable.id, item.id));
      t.app.catalogue.invalidate(t.eventId);
    };
    await setKinds(['audio']);
    try {
      const video = await create(auth, 'performance.mp4', 100);
      expect(video.status).toBe(415);
      expect(await video.text()).toBe(
        'This item takes audio as its main file. Please choose a file of that kind.',
      );
      expect((await create(auth, 'performance.mp3', 100)).status).toBe(201);
    } finally {
      await setKinds(['video', 'audio']);
    }
  });

  it('refuses a type not allowed, content that is not what its name says, and a name already sent', async () => {
    const { f, profile, entry } = await paidEntry();
    const { auth } = await slotFor(f, entry);
    expect((await create(auth, 'setup.exe', 10)).status).toBe(415);

    const fake = Buffer.from('this is plain text, not a video at all');
    const created = await create(auth, 'clip.mp4', fake.length);
    const refused = await patch(auth, created.headers.get('location')!, 0, fake);
    expect(refused.status).toBe(415);
    const page = await f.call(
      'GET',
      `/api/OrderItems/ParticipantOrderItems?participantId=${profile}&year=2025`,
    );
    expect(
      page.json<{ items: { orderItemUploads: unknown[] }[] }>().items[0]!.orderItemUploads,
    ).toEqual([]);

    // The same slot takes the real file afterwards.
    const video = fakeMp4(4096);
    const again = await create(auth, 'clip.mp4', video.length);
    expect(again.status).toBe(201);
    expect((await patch(auth, again.headers.get('location')!, 0, video)).status).toBe(204);
    const next = await slotFor(f, entry);
    const duplicate = await create(next.auth, 'CLIP.mp4', video.length);
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toBe(FILE_EXISTS);
  });

  it('refuses a file name with control characters (PostgreSQL cannot store NUL), then takes a clean one', async () => {
    const { f, entry } = await paidEntry();
    const { auth } = await slotFor(f, entry);
    for (const name of ['take\u00001.mp4', '\u0000.mp4', 'take\u001b1.mp4']) {
      const refused = await create(auth, name, 10);
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(await refused.text()).toBe(wordsOf(VALIDATION_TEXT.say('fileName')));
    }
    expect((await create(auth, 'take 1.mp4', 10)).status).toBe(201);
  });

  it('takes no new upload for a withdrawn entry', async () => {
    const { f, entry } = await paidEntry();
    const { auth, guid } = await slotFor(f, entry);
    expect((await f.call('PUT', `/api/OrderItems/${entry}/Withdraw`)).statusCode).toBe(200);
    expect((await create(auth, 'late.mp4', 100)).status).toBe(409);
    const slot = await f.call('POST', `/api/Uploads/Collection/${guid}/Video`, {
      title: BLANK_VIDEO_TITLE,
    });
    expect(slot.statusCode).toBe(409);
    // Existing slots no longer carry an upload permission.
    expect((await f.call('GET', `/api/Uploads/Collection/${guid}/Video`)).json()).toMatchObject({
      items: [{ upload: null }],
    });
  });

  it('lets a video begun before the deadline finish within the grace, and no later', async () => {
    const { f, entry } = await paidEntry();
    // Performance items are due 2025-04-24; uploads close 2025-04-25 23:59:59.999 SAST.
    t.setNow('2025-04-25T21:30:00.000Z');
    const { auth } = await slotFor(f, entry);
    const video = fakeMp4(3000);
    const created = await create(auth, 'just in time.mp4', video.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect((await patch(auth, location, 0, video.subarray(0, 1000))).status).toBe(204);
    t.setNow('2025-04-25T23:59:00.000Z'); // within the two hours of grace
    expect((await patch(auth, location, 1000, video.subarray(1000, 2000))).status).toBe(204);
    t.setNow('2025-04-26T00:00:00.001Z'); // grace over
    expect((await patch(auth, location, 2000, video.subarray(2000))).status).toBe(400);
    // And no new upload starts after the deadline.
    expect((await create(auth, 'too late.mp4', 10)).status).toBe(409);
  });

  it('keeps only the metadata the server decides: a type from the name, no client cache rule', async () => {
    const { f, entry } = await paidEntry();
    const { auth } = await slotFor(f, entry);
    const made = await fetch(`${base}${TUS_PATH}`, {
      method: 'POST',
      headers: {
        ...permission(auth),
        'Upload-Length': '1000',
        'Upload-Metadata': [
          `filename ${b64('solo.mp4')}`,
          `filetype ${b64('text/html')}`,
          `contentType ${b64('text/html')}`,
          `cacheControl ${b64('public, max-age=31536000')}`,
        ].join(','),
      },
    });
    expect(made.status).toBe(201);
    const id = made.headers.get('location')!.split('/').pop()!;
    const stored = await t.app.tusUploads.datastore.getUpload(id);
    expect(stored.metadata).toEqual({
      filename: 'solo.mp4',
      filetype: 'video/mp4',
      contentType: 'video/mp4',
    });
  });

  it('refuses an upload whose size is not given up front', async () => {
    const { f, entry } = await paidEntry();
    const { auth } = await slotFor(f, entry);
    const deferred = await fetch(`${base}${TUS_PATH}`, {
      method: 'POST',
      headers: {
        ...permission(auth),
        'Upload-Defer-Length': '1',
        'Upload-Metadata': `filename ${b64('later.mp4')}`,
      },
    });
    expect(deferred.status).toBe(400);
  });

  it('answers with the status codes of tus 1.0: 415 for a PATCH body type, 412 for a version', async () => {
    const { f, entry } = await paidEntry();
    const { auth } = await slotFor(f, entry);
    const created = await create(auth, 'codes.mp4', 16);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    // A PATCH whose body is not application/offset+octet-stream: 415 Unsupported Media Type. One
    // with no Content-Type at all is one of them (tus 1.0: "otherwise the server SHOULD return
    // 415"); @tus/server answers 403 to it when it has no body. Bytes sent as a Buffer get no type.
    const cases: [string | undefined, string | Buffer | undefined][] = [
      ['application/json', '{}'],
      ['text/plain', 'bytes'],
      ['application/octet-stream', Buffer.from('bytes')],
      [undefined, Buffer.from('bytes')],
      [undefined, undefined],
    ];
    for (const [type, body] of cases) {
      const wrongType = await fetch(new URL(location, base), {
        method: 'PATCH',
        headers: {
          ...permission(auth),
          'Upload-Offset': '0',
          ...(type === undefined ? {} : { 'Content-Type': type }),
        },
        body,
      });
      const label = `${type ?? 'no type'} with ${body === undefined ? 'no body' : 'a body'}`;
      expect(wrongType.status, label).toBe(415);
      expect(wrongType.headers.get('tus-resumable'), label).toBe('1.0.0');
    }
    // A protocol version the server does not speak: 412, naming the versions it does.
    const wrongVersion = await offsetOf(auth, location).then(() =>
      fetch(new URL(location, base), {
        method: 'HEAD',
        headers: { ...permission(auth), 'Tus-Resumable': '0.2.2' },
      }),
    );
    expect(wrongVersion.status).toBe(412);
    expect(wrongVersion.headers.get('tus-version')).toBe('1.0.0');
    // Nothing was written by the refused requests.
    expect(await offsetOf(auth, location)).toEqual({ status: 200, offset: 0 });
  });

  it('serves an adjudicator’s link under a blind name, and a blind link cannot be unblinded', async () => {
    const { f, entry } = await paidEntry();
    const { auth } = await slotFor(f, entry);
    const video = fakeMp4(2048);
    const created = await create(auth, 'Sipho recital.mp4', video.length);
    await patch(auth, created.headers.get('location')!, 0, video);
    // Random bytes are no recording: let processing find it unreadable, then serve it as if it
    // had found nothing to change (the copy itself is file-processing.test.ts's).
    await t.app.jobs.settled(PROCESS_FILE_JOB);
    await t.database.db
      .update(orderItemUploads)
      .set({ processingState: 'ready' })
      .where(eq(orderItemUploads.orderItemId, entry));
    const upload = (await repo.findLiveUploads(t.app.db, [entry]))[0]!;
    const links = createMediaLinks(t.app.signedLinks, t.app.videoHost);
    const blind = links.forAdjudicator(upload);
    const file = await fetch(new URL(blind.url, base));
    expect(file.status).toBe(200);
    const disposition = file.headers.get('content-disposition') ?? '';
    expect(disposition).toContain(`E${entry}-main-${upload.id}.mp4`);
    expect(disposition).not.toMatch(/Sipho|Mokoena|School/i);
    const player = await (await fetch(new URL(blind.playerUrl!, base))).text();
    expect(player).not.toMatch(/Sipho|Mokoena|School/i);
    // Dropping the blind flag breaks the signature rather than revealing the stored name.
    const unblinded = blind.url.replace('blind=1&', '');
    expect((await fetch(new URL(unblinded, base))).status).toBe(404);
    // The owner's own link (player page and file share one permission) shows the stored name.
    const owner = await fetch(new URL(links.forOwner(upload).replace('/play/', '/uploads/'), base));
    expect(owner.headers.get('content-disposition')).toContain(upload.fileName);
    expect(upload.fileName).toMatch(/_Sipho_Mokoena_/);
  });

  it('caps the video slots of one entry', async () => {
    const { f, entry } = await paidEntry();
    const { guid } = await slotFor(f, entry);
    for (let i = 1; i < 20; i++) {
      const res = await f.call('POST', `/api/Uploads/Collection/${guid}/Video`, {
        title: BLANK_VIDEO_TITLE,
      });
      expect(res.statusCode).toBe(200);
    }
    const over = await f.call('POST', `/api/Uploads/Collection/${guid}/Video`, {
      title: BLANK_VIDEO_TITLE,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'TOO_MANY_VIDEOS' });
  });

  it('lets an unfinished upload expire, removes its bytes, and lets the slot start again', async () => {
    const { f, entry } = await paidEntry();
    const { auth } = await slotFor(f, entry);
    const video = fakeMp4(4000);
    const created = await create(auth, 'abandoned.mp4', video.length);
    const location = created.headers.get('location')!;
    await patch(auth, location, 0, video.subarray(0, 1000));
    const dataDir = t.app.config.DATA_DIR;
    const id = location.split('/').pop()!;
    expect(existsSync(`${dataDir}/videos/${id}`)).toBe(true);

    // The store dates uploads by the wall clock: move it past UPLOAD_EXPIRY_HOURS (48).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 49 * 3600_000);
    try {
      expect(await t.app.tusUploads.cleanUpExpired()).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
    expect(existsSync(`${dataDir}/videos/${id}`)).toBe(false);
    expect((await offsetOf(auth, location)).status).toBe(404);
    // The portal's next try makes a new upload for the same slot.
    const again = await create(auth, 'abandoned.mp4', video.length);
    expect(again.status).toBe(201);
    expect((await patch(auth, again.headers.get('location')!, 0, video)).status).toBe(204);
  });
});
