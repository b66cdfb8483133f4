import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ParticipantOrderItemsPageSchema,
  type Item,
  type OrderItemUpload,
} from '@eisteddfod/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items as itemsTable, orderItemUploads } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { fakeMp4, hasFfmpeg, makeClip, tagsOf } from '../../test/media.ts';
import { multipartFile } from '../../test/multipart.ts';
import { sample } from '../../test/prometheus-text.ts';
import { createTestApp } from '../../test/test-app.ts';
import { tusClient } from '../../test/tus-client.ts';
import * as repo from './entry-files.repository.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import type { HostedVideo, VideoHost } from '../../providers/video/video-host.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';
import { createFileProcessing, PROCESS_FILE_JOB } from './file-processing.service.ts';
import { createMediaLinks } from '../entries/media-links.ts';

// Issue 18: every file that arrives is processed; families see what was found before the
// deadline, and adjudicators get only a copy that plays everywhere and names nobody.

const NOW = '2025-04-01T10:00:00.000Z';
type Family = Awaited<ReturnType<typeof createFamily>>;

async function setUp(env: Record<string, string> = {}) {
  const t = await createTestApp({ now: NOW, env: { SESSION_HOURS: '720', ...env } });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const items = await catalogueItems(t);
  const tus = tusClient(() => base);
  const links = createMediaLinks(t.app.signedLinks, t.app.videoHost);

  async function paidEntry(item: Item) {
    const f = await createFamily(t);
    const cart = await f.openCart();
    const profile = await f.addContestant({ firstName: 'Thandeka', surname: 'Mokoena' });
    const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: item.id,
      participantProfileId: profile,
    });
    await f.payCart(cart);
    return { f, profile, entry: added.json<{ id: number }>().id };
  }
  const musicSolo = () =>
    items.find((i) => i.category.section === 'Music' && !i.isGroupItem && !i.requiresAnInstrument)!;
  const artItem = () => items.find((i) => i.category.section === 'Visual Arts & Design')!;

  /** The entry's files as the uploads portal lists them, once processing has settled. */
  async function processed(f: Family, profile: number): Promise<OrderItemUpload[]> {
    await t.app.jobs.settled(PROCESS_FILE_JOB);
    const res = await f.call(
      'GET',
      `/api/OrderItems/ParticipantOrderItems?participantId=${profile}&year=2025`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return ParticipantOrderItemsPageSchema.parse(res.json()).items[0]!.orderItemUploads;
  }

  /** Sends a recording made by ffmpeg as the family's main file, over tus. */
  async function sendRecording(f: Family, entry: number, file: string, name?: string) {
    const sent = await tus.upload(f, entry, name ?? path.basename(file), await readFile(file));
    expect(sent.status, sent.body).toBe(204);
  }

  /** What a blind adjudicator's link serves, saved to a file for ffprobe. */
  async function adjudicatorCopy(uploadId: number) {
    const row = (await repo.findUploadById(t.database.db, uploadId))!;
    const res = await fetch(new URL(links.forAdjudicator(row).url, base));
    const body = Buffer.from(await res.arrayBuffer());
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'served-')), 'served');
    writeFileSync(file, body);
    return { res, body, file };
  }

  const finalise = (f: Family, entry: number) =>
    f.call('PUT', `/api/OrderItems/${entry}`, { submittedForMarking: true });

  return {
    t,
    base,
    links,
    paidEntry,
    musicSolo,
    artItem,
    processed,
    sendRecording,
    adjudicatorCopy,
    finalise,
  };
}

describe.skipIf(!hasFfmpeg)('processing recordings with ffmpeg', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s.t.close());

  it('makes an iPhone HEVC .mov playable for adjudicators, without its title or location', async () => {
    const { f, profile, entry } = await s.paidEntry(s.musicSolo());
    const clip = makeClip('hevc-mov');
    await s.sendRecording(f, entry, clip);
    const [file] = await s.processed(f, profile);
    expect(file!.processing).toMatchObject({
      state: 'ready',
      width: 360,
      height: 640,
      hasAudio: true,
      warnings: [],
    });
    expect(file!.processing.durationSeconds).toBeCloseTo(2, 0);
    expect(file!.processing.posterUrl).toMatch(/^\/media\/posters\//);
    expect(file!.processing.previewUrl).toMatch(/^\/media\/play\/.*blind=1/);

    const served = await s.adjudicatorCopy(file!.id);
    expect(served.res.status).toBe(200);
    expect(served.res.headers.get('content-type')).toBe('video/mp4');
    expect(served.res.headers.get('content-disposition')).toMatch(/E\d+-main-\d+\.mp4/);
    expect(tagsOf(served.file)).not.toContain('Thandeka');
    expect(served.body.toString('latin1')).not.toContain('028.0436');
    const probe = await s.t.app.mediaTools.probe(served.file);
    expect(probe.video?.codec).toBe('h264');
    expect(probe.audio?.codec).toBe('aac');

    // The poster is a JPEG; the player page shows it before the video plays.
    const poster = await fetch(new URL(file!.processing.posterUrl!, s.base));
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const page = await (await fetch(new URL(file!.processing.previewUrl!, s.base))).text();
    expect(page).toContain('poster="/media/posters/');
    // The family keeps what it sent: its own link serves the original .MOV.
    const row = (await repo.findUploadById(s.t.database.db, file!.id))!;
    const owner = s.links.forOwner(row).replace('/play/', '/uploads/');
    const original = await fetch(new URL(owner, s.base));
    expect(Buffer.from(await original.arrayBuffer())).toEqual(await readFile(clip));
  });

  it('transcodes Windows Media and plays sound alone, with no poster for it', async () => {
    const { f, profile, entry } = await s.paidEntry(s.musicSolo());
    await s.sendRecording(f, entry, makeClip('wmv'));
    await s.sendRecording(f, entry, makeClip('mp3'));
    const [wmv, mp3] = await s.processed(f, profile);
    expect(wmv!.processing).toMatchObject({ state: 'ready', width: 320, hasAudio: true });
    const served = await s.adjudicatorCopy(wmv!.id);
    expect((await s.t.app.mediaTools.probe(served.file)).video?.codec).toBe('h264');
    expect(mp3!.processing).toMatchObject({
      state: 'ready',
      width: null,
      hasAudio: true,
      posterUrl: null,
      warnings: [],
    });
    const sound = await s.adjudicatorCopy(mp3!.id);
    expect(sound.res.headers.get('content-disposition')).toMatch(/\.m4a"/);
    expect(tagsOf(sound.file)).not.toContain('Thandeka');
  });

  it('warns of a recording with no sound, and of one longer than the item allows', async () => {
    const item = s.musicSolo();
    await s.t.database.db
      .update(itemsTable)
      .set({ timeLimitSeconds: 2 })
      .where(eq(itemsTable.id, item.id));
    s.t.app.catalogue.invalidate();
    try {
      const { f, profile, entry } = await s.paidEntry(item);
      await s.sendRecording(f, entry, makeClip('silent-mp4', 1));
      await s.sendRecording(f, entry, makeClip('h264-mp4', 4));
      const [silent, long] = await s.processed(f, profile);
      expect(silent!.processing.warnings).toEqual(['no-audio']);
      expect(long!.processing.warnings).toEqual(['too-long']);
    } finally {
      await s.t.database.db
        .update(itemsTable)
        .set({ timeLimitSeconds: null })
        .where(eq(itemsTable.id, item.id));
      s.t.app.catalogue.invalidate();
    }
  });

  it('refuses an .mp4 that is not a recording: unreadable, never served, not finalised', async () => {
    const { f, profile, entry } = await s.paidEntry(s.musicSolo());
    const sent = await tusClient(() => s.base).upload(f, entry, 'performance.mp4', fakeMp4());
    expect(sent.status, sent.body).toBe(204);
    const [file] = await s.processed(f, profile);
    expect(file!.processing).toMatchObject({ state: 'failed', warnings: ['unreadable'] });
    expect((await s.adjudicatorCopy(file!.id)).res.status).toBe(404);
    const res = await s.finalise(f, entry);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'MAIN_FILE_UNREADABLE' });
  });

  it('lets an entry be finalised only once its files are processed', async () => {
    const { f, profile, entry } = await s.paidEntry(s.musicSolo());
    await s.sendRecording(f, entry, makeClip('h264-mp4'));
    const [file] = await s.processed(f, profile);
    // As if its job had not run yet.
    await s.t.database.db
      .update(orderItemUploads)
      .set({ processingState: 'pending' })
      .where(eq(orderItemUploads.id, file!.id));
    const early = await s.finalise(f, entry);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'MEDIA_PROCESSING' });
    // The sweep finds the file nobody is processing and queues it again.
    await s.t.database.db
      .update(orderItemUploads)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(orderItemUploads.id, file!.id));
    await s.t.app.jobs.send('uploads.process-sweep', {});
    await s.t.app.jobs.settled('uploads.process-sweep');
    expect((await s.processed(f, profile))[0]!.processing.state).toBe('ready');
    expect((await s.finalise(f, entry)).statusCode).toBe(200);
  });

  it('processes a file once when its job runs twice at the same time', async () => {
    const { f, profile, entry } = await s.paidEntry(s.musicSolo());
    await s.sendRecording(f, entry, makeClip('h264-mp4'));
    const [file] = await s.processed(f, profile);
    await s.t.database.db
      .update(orderItemUploads)
      .set({ processingState: 'pending', servedKey: null, posterKey: null })
      .where(eq(orderItemUploads.id, file!.id));
    await Promise.all([
      s.t.app.fileProcessing.process(file!.id),
      s.t.app.fileProcessing.process(file!.id),
    ]);
    const folder = path.join(s.t.app.config.DATA_DIR, 'files', 'processed', String(entry));
    const made = readdirSync(path.join(folder, String(file!.id)));
    // The first run's rendition and poster, and one more of each from this single run.
    expect(made.filter((name) => name.endsWith('.mp4'))).toHaveLength(2);
    expect(made.filter((name) => name.endsWith('.jpg'))).toHaveLength(2);
  });

  it('gives the adjudicator an artwork without its EXIF, and the family its original', async () => {
    const { f, profile, entry } = await s.paidEntry(s.artItem());
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#c33' },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Thandeka Mokoena', Copyright: 'Greenside Primary' } })
      .toBuffer();
    expect(photo.toString('latin1')).toContain('Thandeka');
    const body = multipartFile('painting.jpg', photo);
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/Uploads/UploadS3Files',
      payload: body.payload,
      headers: {
        ...f.auth,
        ...body.headers,
        orderid: '0',
        orderitemid: String(entry),
        uploadtypeid: '2',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [file] = await s.processed(f, profile);
    expect(file!.processing.state).toBe('ready');
    const served = await s.adjudicatorCopy(file!.id);
    expect(served.res.status).toBe(200);
    expect(served.body.toString('latin1')).not.toContain('Thandeka');
    expect((await sharp(served.body).metadata()).exif).toBeUndefined();
  });
});

describe('artwork thumbnails (issue 32, decision 047)', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s.t.close());

  /** A family's painting, 400×300, sent as its entry's main file and processed. */
  async function paintingOf() {
    const { f, profile, entry } = await s.paidEntry(s.artItem());
    const photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#36c' },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Thandeka Mokoena' } })
      .toBuffer();
    const body = multipartFile('painting.jpg', photo);
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/Uploads/UploadS3Files',
      payload: body.payload,
      headers: {
        ...f.auth,
        ...body.headers,
        orderid: '0',
        orderitemid: String(entry),
        uploadtypeid: '2',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [file] = await s.processed(f, profile);
    return { f, profile, file: file! };
  }
  const get = (url: string) => fetch(new URL(url, s.base));

  it('shows the family a small JPEG of its artwork, without the EXIF', async () => {
    const { file } = await paintingOf();
    expect(file.processing.thumbnailUrl).toMatch(/^\/media\/thumbnails\/\d+\?expires=/);
    const res = await get(file.processing.thumbnailUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const thumbnail = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(thumbnail).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'jpeg',
      160,
      120,
      undefined,
    ]);
    expect(thumbnail.toString('latin1')).not.toContain('Thandeka');
  });

  it('refuses the thumbnail to another family and to anyone signed out', async () => {
    const { profile, file } = await paintingOf();
    const other = await paintingOf();
    // Another family's listing of this contestant shows nothing of the entry.
    const theirs = await other.f.call(
      'GET',
      `/api/OrderItems/ParticipantOrderItems?participantId=${profile}&year=2025`,
    );
    expect(theirs.body).not.toContain('/media/thumbnails/');
    // Its own signed thumbnail link, with this file's id put in, opens nothing.
    const forged = other.file.processing.thumbnailUrl!.replace(
      `/media/thumbnails/${other.file.id}?`,
      `/media/thumbnails/${file.id}?`,
    );
    expect((await get(forged)).status).toBe(404);
    // Signed out: no link at all, or the file's own link or its poster's, open nothing either.
    const signedOut = await s.t.app.inject({
      url: `/api/OrderItems/ParticipantOrderItems?participantId=${profile}&year=2025`,
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await get(`/media/thumbnails/${file.id}`)).status).toBe(400);
    const row = (await repo.findUploadById(s.t.database.db, file.id))!;
    const query = s.links.forOwner(row).split('?')[1];
    expect((await get(`/media/thumbnails/${file.id}?${query}`)).status).toBe(404);
    const poster = s.t.app.signedLinks.sign(`/media/posters/${file.id}`, `poster:${file.id}`);
    expect((await get(poster.replace('/posters/', '/thumbnails/'))).status).toBe(404);
  });

  it('has none for a file processed before thumbnails were made', async () => {
    const { f, profile, file } = await paintingOf();
    await s.t.database.db
      .update(orderItemUploads)
      .set({ thumbnailKey: null })
      .where(eq(orderItemUploads.id, file.id));
    const [before] = await s.processed(f, profile);
    expect(before!.processing.thumbnailUrl).toBeNull();
    expect((await get(file.processing.thumbnailUrl!)).status).toBe(404);
  });
});

/**
 * A bucket that answers as S3 does when it is away (the connection refused) while `down()`;
 * with no local path, so a recording is copied from it as from S3.
 */
function storageDownWhile(down: () => boolean, inner: FileStorage): FileStorage {
  const guard =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (down()) {
        throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:9000'), {
          code: 'ECONNREFUSED',
        });
      }
      return work(...args);
    };
  return {
    kind: 's3',
    put: guard(inner.put.bind(inner)),
    putFile: guard(inner.putFile.bind(inner)),
    read: guard(inner.read.bind(inner)),
    exists: guard(inner.exists.bind(inner)),
    delete: guard(inner.delete.bind(inner)),
    // Only a backup lists the bucket; processing never does.
    list: (prefix) => inner.list(prefix),
    check: guard(inner.check.bind(inner)),
  };
}

describe.skipIf(!hasFfmpeg)('storage down for three minutes during processing (issue 31)', () => {
  const METRICS_TOKEN = 'a-metrics-token-of-at-least-32-characters';
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp({ METRICS_TOKEN });
  });
  /** What the operator's Prometheus reads: the files an outage holds back, per outage. */
  const heldBackFigure = async (heldBy: string) => {
    const res = await s.t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return sample(res.body, 'eisteddfod_processing_held_back', { held_by: heldBy });
  };
  afterAll(() => s.t.close());

  it('holds the file back without spending its attempts, shows it to the organiser, and processes it once storage is back', async () => {
    const { t } = s;
    const { f, profile, entry } = await s.paidEntry(s.musicSolo());
    await s.sendRecording(f, entry, makeClip('h264-mp4'));
    const [file] = await s.processed(f, profile);
    const id = file!.id;
    // As if it had just arrived when the bucket went away.
    await t.database.db
      .update(orderItemUploads)
      .set({
        processingState: 'pending',
        processingAttempts: 0,
        processingClaimedUntil: null,
        servedKey: null,
        posterKey: null,
        createdAt: new Date(Date.now() - 5 * 60_000),
      })
      .where(eq(orderItemUploads.id, id));
    const start = Date.parse(NOW);
    const outageEnds = start + 3 * 60_000;
    const down = () => t.app.now() < outageEnds;
    const processing = createFileProcessing({
      db: t.database.db,
      storage: storageDownWhile(down, t.app.storage),
      videoFiles: storageDownWhile(down, t.app.videoFiles),
      videoHost: t.app.videoHost,
      tools: t.app.mediaTools,
      log: t.app.log,
    });
    const organiser = await createStaff(t, 'organiser');
    let seenHeldBack = false;
    // Every half minute for five minutes, as the job's retry and the minutely sweep look: what
    // nobody holds is processed, and a throw is left to the job's retry.
    for (let second = 0; second <= 300; second += 30) {
      t.setNow(new Date(start + second * 1000).toISOString());
      if (second > 0) {
        // The database's clock is not the test's: a claim is moved back by the time that passed.
        await t.database.db.execute(
          sql`update order_item_uploads set processing_claimed_until = processing_claimed_until - interval '30 seconds' where id = ${id}`,
        );
      }
      for (const uploadId of await processing.unclaimed(10)) {
        await processing.process(uploadId).catch(() => undefined);
      }
      if (second === 120) {
        const row = (await repo.findUploadById(t.database.db, id))!;
        expect(row.processingState).toBe('pending');
        expect(row.processingAttempts).toBe(0);
        const jobs = await organiser.call('GET', '/api/Staff/Jobs');
        expect(jobs.statusCode, jobs.body).toBe(200);
        expect(jobs.json<{ heldBack: unknown[] }>().heldBack).toEqual([
          { heldBy: 'storage', files: 1, oldest: expect.any(String) },
        ]);
        expect(await heldBackFigure('storage')).toBe(1);
        expect(await heldBackFigure('video-host')).toBe(0);
        seenHeldBack = true;
      }
    }
    expect(seenHeldBack).toBe(true);
    const row = (await repo.findUploadById(t.database.db, id))!;
    expect(row).toMatchObject({
      processingState: 'ready',
      processingAttempts: 1,
      processingHeldBy: null,
    });
    expect(row.servedKey).toMatch(/\.mp4$/);
    const jobs = await organiser.call('GET', '/api/Staff/Jobs');
    expect(jobs.json<{ heldBack: unknown[] }>().heldBack).toEqual([]);
    expect(await heldBackFigure('storage')).toBe(0);
  });
});

describe('with Bunny Stream', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s.t.close());

  it('waits for Bunny’s own transcoding, then takes its length, through the same interface', async () => {
    const { entry } = await s.paidEntry(s.musicSolo());
    const [row] = await s.t.database.db
      .insert(orderItemUploads)
      .values({
        orderItemId: entry,
        fileName: 'MU101_Thandeka.mov',
        originalFileName: 'IMG_0042.MOV',
        storageKey: 'bunny:9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10',
        videoId: '9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10',
        uploadType: 2,
        sizeInBytes: 1000,
        isVideo: true,
      })
      .returning();
    let bunny: HostedVideo = { state: 'processing' };
    const host: VideoHost = { ...s.t.app.videoHost, describeVideo: async () => bunny };
    const processing = createFileProcessing({
      db: s.t.database.db,
      storage: s.t.app.storage,
      videoFiles: s.t.app.videoFiles,
      videoHost: host,
      tools: s.t.app.mediaTools,
      log: s.t.app.log,
    });
    await processing.process(row!.id);
    const waiting = await repo.findUploadById(s.t.database.db, row!.id);
    expect(waiting!.processingState).toBe('pending');
    // Given back for a minute: the sweep looks again then.
    expect(waiting!.processingClaimedUntil!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    await s.t.database.db
      .update(orderItemUploads)
      .set({ processingClaimedUntil: new Date(Date.now() - 1000) })
      .where(eq(orderItemUploads.id, row!.id));
    bunny = { state: 'ready', durationSeconds: 187, width: 1080, height: 1920 };
    await processing.process(row!.id);
    expect(await repo.findUploadById(s.t.database.db, row!.id)).toMatchObject({
      processingState: 'ready',
      durationSeconds: 187,
      width: 1080,
      height: 1920,
      servedKey: null,
    });
  });
});

describe('without ffmpeg', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp({ FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' });
  });
  afterAll(() => s.t.close());

  it('keeps recordings as uploaded, says they are unchecked, and still lets them be finalised', async () => {
    const { f, profile, entry } = await s.paidEntry(s.musicSolo());
    const sent = await tusClient(() => s.base).upload(f, entry, 'recital.mp4', fakeMp4());
    expect(sent.status, sent.body).toBe(204);
    const [file] = await s.processed(f, profile);
    expect(file!.processing).toMatchObject({ state: 'unchecked', warnings: [], posterUrl: null });
    const served = await s.adjudicatorCopy(file!.id);
    expect(served.res.status).toBe(200);
    expect(served.body).toEqual(fakeMp4());
    expect((await s.finalise(f, entry)).statusCode).toBe(200);
  });
});
