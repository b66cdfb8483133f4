import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../modules/adjudication/adjudication.test-helpers.ts';
import { findLiveUploads, findUploadById } from '../modules/uploads/entry-files.repository.ts';
import { PROCESS_FILE_JOB } from '../modules/uploads/file-processing.service.ts';
import {
  docxBomb,
  heicWithHiddenGiant,
  jpegBomb,
  movBomb,
  mp4Bomb,
  pdfBomb,
  plainHeic,
  pngBomb,
  tiffBomb,
  wavBomb,
  webpBomb,
  xlsxBomb,
} from './bombs.ts';
import { createFamily } from './family.ts';
import { hasFfmpeg } from './media.ts';
import { catalogueItems } from './fixtures.ts';
import { multipartFile } from './multipart.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { tusClient } from './tus-client.ts';

// Issue 30: no family's or organiser's file may stall an instance's event loop or blow up its
// memory. Each bomb goes through the route that receives it while a second client asks /healthz
// every 50 ms; the server must answer each within 500 ms of having it, its event loop must never
// stall 500 ms, and its resident memory must come back within 200 MB of where it started
// (decision 030).

const HEALTHZ_WITHIN_MS = 500;
const RSS_GROWTH_MB = 200;

let t: TestApp;
let base: string;
let family: Awaited<ReturnType<typeof createFamily>>;
let organiser: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_HOURS: '720' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  family = await createFamily(t);
  organiser = await createStaff(t, 'organiser');
}, 120_000);
afterAll(() => t.close());

/**
 * Runs `attack` while a second client asks /healthz; returns what it gave and the figures: the
 * slowest /healthz answer (and as the client saw it), the longest event-loop stall, and the
 * growth of resident memory.
 */
async function underAttack<T>(name: string, attack: () => Promise<T>) {
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  const rssBefore = process.memoryUsage.rss();
  // What the server is to be held to: from the moment its HTTP layer has a /healthz request to
  // the moment its answer is sent. The time a request takes to reach it is the machine's, not
  // the event loop's: CI (2026-11-28, twice) saw a request reach the server 4.3 s and 17.5 s
  // after the client sent it, with the event loop never stalled more than 52 and 132 ms, while
  // other test files and installs loaded the two cores. That time is still printed.
  let slowestAnswerMs = 0;
  let slowestHealthzMs = 0;
  let slowestReachedServerMs = 0;
  const reached: number[] = [];
  const onRequest = (
    req: { url?: string },
    res: { once: (event: 'finish', listener: () => void) => void },
  ) => {
    if (req.url !== '/healthz') return;
    const at = performance.now();
    reached.push(at);
    res.once('finish', () => {
      slowestAnswerMs = Math.max(slowestAnswerMs, performance.now() - at);
    });
  };
  t.app.server.on('request', onRequest);
  let attacking = true;
  stalls.enable();
  const secondClient = (async () => {
    while (attacking) {
      const started = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      const took = performance.now() - started;
      if (took > slowestHealthzMs) {
        slowestHealthzMs = took;
        slowestReachedServerMs = (reached.findLast((at) => at >= started) ?? NaN) - started;
      }
      await sleep(50);
    }
  })();
  const started = performance.now();
  const result = await attack();
  const seconds = (performance.now() - started) / 1000;
  attacking = false;
  await secondClient;
  t.app.server.off('request', onRequest);
  stalls.disable();
  // What a decoder freed goes back to the system within moments; what it kept does not.
  await sleep(200);
  const rssGrowthMb = (process.memoryUsage.rss() - rssBefore) / 1024 / 1024;
  const figures = {
    slowestAnswerMs: Math.round(slowestAnswerMs),
    slowestHealthzMs: Math.round(slowestHealthzMs),
    slowestReachedServerMs: Math.round(slowestReachedServerMs),
    longestStallMs: Math.round(stalls.max / 1e6),
    rssGrowthMb: Math.round(rssGrowthMb),
    seconds: Number(seconds.toFixed(2)),
  };
  console.log(`hostile file: ${name}`, figures);
  expect(figures.slowestAnswerMs, `${name}: /healthz answered`).toBeLessThan(HEALTHZ_WITHIN_MS);
  // A stall that began between two requests delays the next one less than it lasted.
  expect(figures.longestStallMs, `${name}: event loop`).toBeLessThan(HEALTHZ_WITHIN_MS);
  expect(figures.rssGrowthMb, `${name}: memory`).toBeLessThan(RSS_GROWTH_MB);
  return result;
}

/** A profile picture for a contestant not yet created, as the sign-up form sends it. */
function uploadPicture(fileName: string, data: Buffer) {
  const body = multipartFile(fileName, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/Uploads/NewUploadFiles',
    payload: body.payload,
    headers: {
      ...family.auth,
      ...body.headers,
      orderid: '0',
      orderitemid: '0',
      participantid: '0',
    },
  });
}

describe('profile pictures', () => {
  const unreadable = { code: 'UNREADABLE_PICTURE' };

  it('refuses the HEIC whose primary image is 64×64 and first stored one 12288×12288', async () => {
    const heic = heicWithHiddenGiant();
    expect(heic.length).toBeLessThan(40_000);
    const res = await underAttack('HEIC, hidden 12288×12288 image', () =>
      uploadPicture('me.heic', heic),
    );
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject(unreadable);
  }, 60_000);

  it('refuses four of them at once', async () => {
    const heic = heicWithHiddenGiant();
    const answers = await underAttack('HEIC ×4 at once', () =>
      Promise.all([1, 2, 3, 4].map((n) => uploadPicture(`me-${n}.heic`, heic))),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject(unreadable);
    }
  }, 120_000);

  it('refuses JPEG, PNG and TIFF files that claim billions of pixels', async () => {
    const bombs: [string, Buffer][] = [
      ['me.jpg', await jpegBomb()],
      ['me.png', await pngBomb()],
      ['me.tiff', tiffBomb()],
    ];
    for (const [name, data] of bombs) {
      const res = await underAttack(`picture ${name}`, () => uploadPicture(name, data));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(415);
      expect(res.json()).toMatchObject(unreadable);
    }
  }, 60_000);
});

describe('site pictures', () => {
  it('refuses JPEG, PNG and WebP files that claim billions of pixels', async () => {
    const bombs: [string, Buffer][] = [
      ['art.jpg', await jpegBomb()],
      ['art.png', await pngBomb()],
      ['art.webp', await webpBomb()],
    ];
    for (const [name, data] of bombs) {
      const { payload, headers } = multipartFile(name, data);
      const res = await underAttack(`site picture ${name}`, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/Staff/Events/${t.eventId}/Content/Images?kind=artwork`,
          payload,
          headers: { ...headers, ...organiser.auth },
        }),
      );
      expect(res.statusCode, `${name}: ${res.body}`).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNREADABLE_PICTURE' });
    }
  }, 60_000);
});

describe('catalogue import', () => {
  it('refuses a 100 KB XLSX whose sheet unzips to 100 MB, stated or not', async () => {
    for (const lying of [false, true]) {
      const xlsx = xlsxBomb(100, lying);
      expect(xlsx.length).toBeLessThan(5 * 1024 * 1024);
      const { payload, headers } = multipartFile('catalogue.xlsx', xlsx);
      const res = await underAttack(`XLSX, 100 MB sheet${lying ? ' said to be 1 KB' : ''}`, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/Staff/Events/${t.eventId}/Catalogue/Import?commit=false`,
          payload,
          headers: { ...headers, ...organiser.auth },
        }),
      );
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ code: 'IMPORT_UNREADABLE' });
    }
  }, 180_000);
});

describe('entry files', () => {
  let entry: number;
  let performance: number;
  beforeAll(async () => {
    const items = await catalogueItems(t);
    const art = items.find((i) => i.category.section === 'Visual Arts & Design')!;
    const solo = items.find(
      (i) => i.category.section === 'Music' && !i.isGroupItem && !i.requiresAnInstrument,
    )!;
    const cart = await family.openCart();
    const profile = await family.addContestant({ firstName: 'Thandeka', surname: 'Mokoena' });
    const [artEntry, soloEntry] = await Promise.all(
      [art, solo].map((item) =>
        family.call('POST', `/api/Orders/${cart}/OrderItems`, {
          itemId: item.id,
          participantProfileId: profile,
        }),
      ),
    );
    await family.payCart(cart);
    entry = artEntry!.json<{ id: number }>().id;
    performance = soloEntry!.json<{ id: number }>().id;
  });

  /** Uploads a supporting file to the entry; its processing state once the job has run. */
  async function sendAndProcess(fileName: string, data: Buffer) {
    const body = multipartFile(fileName, data);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Uploads/UploadS3Files',
      payload: body.payload,
      headers: {
        ...family.auth,
        ...body.headers,
        orderid: '0',
        orderitemid: String(entry),
        uploadtypeid: '3',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ orderItemUploadId: number }>().orderItemUploadId;
    await t.app.jobs.settled(PROCESS_FILE_JOB);
    return (await findUploadById(t.database.db, id))!;
  }

  it('marks bombs of every document kind unreadable, without stalling', async () => {
    const bombs: [string, Buffer][] = [
      ['giant.heic', heicWithHiddenGiant()],
      ['scan.jpg', await jpegBomb()],
      ['scan.png', await pngBomb()],
      ['scan.tiff', tiffBomb()],
      ['essay.pdf', await pdfBomb()],
      ['essay.docx', docxBomb(16, 300)],
      ['lying.docx', docxBomb(16, 0.001)],
    ];
    for (const [name, data] of bombs) {
      const row = await underAttack(`entry file ${name}`, () => sendAndProcess(name, data));
      expect(row.processingState, `${name}: ${row.processingError}`).toBe('failed');
    }
  }, 300_000);

  it.skipIf(!hasFfmpeg)(
    'marks MP4, MOV and WAV bombs unreadable, without stalling',
    async () => {
      const tus = tusClient(() => base);
      const bombs: [string, Buffer][] = [
        ['huge.mp4', mp4Bomb()],
        ['long.mov', movBomb()],
        ['long.wav', wavBomb()],
      ];
      for (const [name, data] of bombs) {
        const row = await underAttack(`recording ${name}`, async () => {
          const sent = await tus.upload(family, performance, name, data);
          expect(sent.status, sent.body).toBe(204);
          await t.app.jobs.settled(PROCESS_FILE_JOB);
          const [upload] = await findLiveUploads(t.database.db, [performance]);
          return upload!;
        });
        expect(row.processingState, `${name}: ${row.processingError}`).toBe('failed');
        const deleted = await family.call('DELETE', `/api/OrderItems/OrderItemUploads/${row.id}`);
        expect(deleted.statusCode, deleted.body).toBeLessThan(300);
      }
    },
    300_000,
  );

  it('decodes a 81-megapixel HEIC photo without stalling the server', async () => {
    const row = await underAttack('entry file, 9000×9000 HEIC', () =>
      sendAndProcess('photo.heic', plainHeic(9000, 9000)),
    );
    expect(row.processingState, row.processingError ?? '').toBe('ready');
  }, 300_000);
});
