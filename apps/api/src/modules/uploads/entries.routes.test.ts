import {
  ENTRY_STATUS,
  FILE_EXISTS,
  FILE_TEXT,
  ParticipantOrderItemsPageSchema,
  UPLOAD_TEXT,
  type Item,
} from '@eisteddfod/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wordsOf } from '../../lib/messages.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { multipartFile } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { PROCESS_FILE_JOB } from './file-processing.service.ts';

const NOW = '2025-04-01T10:00:00.000Z';
/** Performance items are due 2025-04-24; uploads close at the end of the next day, SAST. */
const LAST_MS_PERFORMANCE = '2025-04-25T21:59:59.999Z';
const FIRST_MS_LATE_PERFORMANCE = '2025-04-25T22:00:00.000Z';

let t: TestApp;
let items: Item[];

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { DOCUMENT_MAX_MB: '1', SESSION_HOURS: '720' } });
  items = await catalogueItems(t);
});
afterAll(() => t.close());
beforeEach(() => t.setNow(NOW));

const musicSolo = () =>
  items.find((i) => i.category.section === 'Music' && !i.requiresAnInstrument && !i.isGroupItem)!;
const artItem = () =>
  items.find((i) => i.category.section === 'Visual Arts & Design' && !i.isGroupItem)!;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
// A real 2 × 2 picture: processing reads it to make the adjudicators' copy (decision 025).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWP4DwYMEAoAU7oL9W/sIDEAAAAASUVORK5CYII=',
  'base64',
);

type Family = Awaited<ReturnType<typeof createFamily>>;

/** A family with one paid entry per item given, for one contestant. */
async function paidEntries(picks: Item[] = [musicSolo()]) {
  const f = await createFamily(t);
  const cart = await f.openCart();
  const profile = await f.addContestant({ firstName: 'Thandi', surname: 'Nkosi', grade: '7' });
  const ids: number[] = [];
  for (const item of picks) {
    const res = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: item.id,
      participantProfileId: profile,
    });
    if (res.statusCode >= 300) throw new Error(res.body);
    ids.push(res.json<{ id: number }>().id);
  }
  await f.payCart(cart);
  return { f, cart, profile, ids };
}

async function list(f: Family, profile: number, query = '') {
  const res = await f.call(
    'GET',
    `/api/OrderItems/ParticipantOrderItems?participantId=${profile}&skip=0&take=10&year=2025${query}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return ParticipantOrderItemsPageSchema.parse(res.json());
}

async function sendFile(
  f: Family,
  entry: number,
  name: string,
  data: Buffer,
  uploadType: 2 | 3 = 3,
) {
  const body = multipartFile(name, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/Uploads/UploadS3Files',
    payload: body.payload,
    headers: {
      ...f.auth,
      ...body.headers,
      orderid: '0',
      orderitemid: String(entry),
      uploadtypeid: String(uploadType),
      updatedfilename: name,
    },
  });
}

describe('the uploads portal list (GET ParticipantOrderItems)', () => {
  it("shows a contestant's paid entries with status, deadline and files", async () => {
    const { f, profile, ids } = await paidEntries([musicSolo(), artItem()]);
    const page = await list(f, profile);
    expect(page.total).toBe(2);
    expect(page.allEntries).toBe(2);
    expect(page.withdrawnEntries).toBe(0);
    expect(page.completeEntries).toBe(0);
    // The years it has entries in: the portal offers earlier ones once a new event is live.
    expect(page.years).toEqual([2025]);
    const music = page.items.find((e) => e.id === ids[0])!;
    expect(music).toMatchObject({
      itemCode: musicSolo().code,
      status: ENTRY_STATUS.incomplete,
      acceptsImages: false,
      deadlinePassed: false,
      uploadDeadline: '2025-04-25T21:59:59.999Z',
      participantFirstName: 'Thandi',
      orderItemUploads: [],
    });
    expect(page.items.find((e) => e.id === ids[1])).toMatchObject({ acceptsImages: true });
  });

  it('leaves out entries still in a cart, and searches by code', async () => {
    const { f, profile } = await paidEntries([musicSolo(), artItem()]);
    const cart = await f.openCart();
    await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: items.find((i) => i.category.section === 'Dance' && !i.isGroupItem)!.id,
      participantProfileId: profile,
    });
    expect((await list(f, profile)).total).toBe(2);
    const found = await list(f, profile, `&search=${artItem().code.slice(0, 3)}`);
    expect(found.items.map((e) => e.itemCode)).toEqual([artItem().code]);
    expect(found.allEntries).toBe(2);
  });

  it("answers 404 for another customer's contestant", async () => {
    const { profile } = await paidEntries();
    const other = await createFamily(t);
    const res = await other.call(
      'GET',
      `/api/OrderItems/ParticipantOrderItems?participantId=${profile}&year=2025`,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('entry files (POST UploadS3Files)', () => {
  it('stores a supporting PDF under the spec name and serves it back by range', async () => {
    const { f, profile, ids } = await paidEntries();
    const res = await sendFile(f, ids[0]!, 'sheet music.pdf', PDF);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ name: string; fileUrl: string; orderItemUploadId: number }>();
    expect(body.name).toMatch(
      new RegExp(`^${musicSolo().code}_Thandi_Nkosi_Gr7_Other-School_20250401-120000\\.pdf$`),
    );
    const [entry] = (await list(f, profile)).items;
    expect(entry!.orderItemUploads).toMatchObject([
      {
        originalFileName: 'sheet music.pdf',
        uploadType: 3,
        sizeInBytes: PDF.length,
        isVideo: false,
      },
    ]);
    // A supporting file does not make the entry complete.
    expect(entry!.status).toBe(ENTRY_STATUS.incomplete);

    const link = await f.call(
      'GET',
      `/api/BucketLinks/BucketLink?orderItemId=${ids[0]}&orderId=0&fileName=${encodeURIComponent(body.name)}`,
    );
    expect(link.statusCode, link.body).toBe(200);
    const url = link.json<{ url: string }>().url;
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.equals(PDF)).toBe(true);
    const part = await t.app.inject({ url, headers: { range: 'bytes=0-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-');
    expect(part.headers['content-range']).toBe(`bytes 0-4/${PDF.length}`);
    // A tampered link opens nothing.
    expect(
      (await t.app.inject({ url: url.replace(/signature=./, 'signature=x') })).statusCode,
    ).toBe(404);
  });

  it("says 'File exists' for a second file of the same name", async () => {
    const { f, ids } = await paidEntries();
    expect((await sendFile(f, ids[0]!, 'Score.pdf', PDF)).statusCode).toBe(200);
    const again = await sendFile(f, ids[0]!, 'score.PDF', PDF);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ name: FILE_EXISTS });
  });

  it('refuses a type not allowed, and content that does not match its extension', async () => {
    const { f, ids } = await paidEntries();
    const exe = await sendFile(f, ids[0]!, 'setup.exe', Buffer.from('MZ....'));
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
    const fake = await sendFile(f, ids[0]!, 'score.pdf', PNG);
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ code: 'CONTENT_MISMATCH' });
    const empty = await sendFile(f, ids[0]!, 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a file over the configured size limit', async () => {
    const { f, ids } = await paidEntries();
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 32)]);
    const res = await sendFile(f, ids[0]!, 'big.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: wordsOf(FILE_TEXT.say('tooLarge')) });
  });

  it('takes an entry document through UploadFiles too (spec 7), under the same rules', async () => {
    const { f, profile, ids } = await paidEntries();
    const send = (name: string, data: Buffer) => {
      const body = multipartFile(name, data);
      return t.app.inject({
        method: 'POST',
        url: '/api/Uploads/UploadFiles',
        payload: body.payload,
        headers: { ...f.auth, ...body.headers, orderid: '0', orderitemid: String(ids[0]) },
      });
    };
    const res = await send('programme.pdf', PDF);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ orderItemUploadId: expect.any(Number) });
    expect((await list(f, profile)).items[0]!.orderItemUploads).toMatchObject([
      { originalFileName: 'programme.pdf', uploadType: 3 },
    ]);
    // The document limit holds whichever route the file came by.
    const big = await send('big.pdf', Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 32)]));
    expect(big.statusCode).toBe(413);
    const other = await createFamily(t);
    const body = multipartFile('x.pdf', PDF);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/Uploads/UploadFiles',
      payload: body.payload,
      headers: { ...other.auth, ...body.headers, orderitemid: String(ids[0]) },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('takes an artwork as the main file of a Visual Arts entry, which completes it', async () => {
    const { f, profile, ids } = await paidEntries([artItem()]);
    const res = await sendFile(f, ids[0]!, 'artwork.png', PNG, 2);
    expect(res.statusCode, res.body).toBe(200);
    const page = await list(f, profile);
    expect(page.items[0]).toMatchObject({ status: ENTRY_STATUS.complete });
    expect(page.items[0]!.orderItemUploads[0]).toMatchObject({
      uploadType: 2,
      isPrimaryFile: true,
    });
    expect(page.completeEntries).toBe(1);
  });

  it('counts a withdrawn entry apart: not among the entries the family can still complete', async () => {
    const [art, otherArt] = items.filter(
      (i) => i.category.section === 'Visual Arts & Design' && !i.isGroupItem,
    );
    const { f, profile, ids } = await paidEntries([art!, otherArt!, musicSolo()]);
    for (const id of ids.slice(0, 2)) {
      expect((await sendFile(f, id, 'artwork.png', PNG, 2)).statusCode).toBe(200);
    }
    // A complete entry withdrawn: the family can no longer complete it, nor does it count as done.
    const withdrawn = await f.call('PUT', `/api/OrderItems/${ids[1]}/Withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const page = await list(f, profile);
    expect(page).toMatchObject({ allEntries: 3, withdrawnEntries: 1, completeEntries: 1 });
    // The counts are the contestant's year, whatever the search shows.
    const found = await list(f, profile, `&search=${musicSolo().code}`);
    expect(found).toMatchObject({ total: 1, allEntries: 3, withdrawnEntries: 1 });
  });

  it('says how many entries went to the adjudicators, and each card says where its entry stands', async () => {
    // Decision 043: 'Entry Complete' is not sent for marking; the page and the cards say so.
    const [art, otherArt] = items.filter(
      (i) => i.category.section === 'Visual Arts & Design' && !i.isGroupItem,
    );
    const { f, profile, ids } = await paidEntries([art!, otherArt!]);
    for (const id of ids)
      expect((await sendFile(f, id, 'artwork.png', PNG, 2)).statusCode).toBe(200);
    await t.app.jobs.settled(PROCESS_FILE_JOB);
    const res = await f.call('PUT', `/api/OrderItems/${ids[0]}`, { submittedForMarking: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await list(f, profile)).toMatchObject({ completeEntries: 2, finalisedEntries: 1 });
    // A third item in the cart, not paid yet.
    const cart = await f.openCart();
    const inCart = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: musicSolo().id,
      participantProfileId: profile,
    });
    expect(inCart.statusCode, inCart.body).toBe(201);
    const cards = (await f.call('GET', `/api/Customers/${f.id}/participant-profiles`)).json<
      { id: number; orderItems: { id: number; markingState: string }[] }[]
    >();
    const card = cards.find((c) => c.id === profile)!;
    const stateOf = (id: number) => card.orderItems.find((i) => i.id === id)?.markingState;
    expect([stateOf(ids[0]!), stateOf(ids[1]!), stateOf(inCart.json<{ id: number }>().id)]).toEqual(
      ['sent', 'not-sent', 'unpaid'],
    );
    // After the upload deadline (the end of the day after the due date), never finalised.
    const before = new Date(t.app.now()).toISOString();
    try {
      const days = (n: number) => n * 86_400_000;
      t.setNow(new Date(Date.parse(otherArt!.dueDate) + days(2) + days(0.5)).toISOString());
      const later = (await f.call('GET', `/api/Customers/${f.id}/participant-profiles`)).json<
        { id: number; orderItems: { id: number; markingState: string }[] }[]
      >();
      const missed = later.find((c) => c.id === profile)!.orderItems.find((i) => i.id === ids[1]);
      expect(missed?.markingState).toBe('missed');
    } finally {
      t.setNow(before);
    }
  });

  it('keeps the main file of a performance for the video uploader', async () => {
    const { f, ids } = await paidEntries();
    const res = await sendFile(f, ids[0]!, 'artwork.png', PNG, 2);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VIDEO_UPLOAD_REQUIRED' });
  });

  it('answers 404 for an entry that is not paid, or not the caller’s', async () => {
    const { ids } = await paidEntries();
    const other = await createFamily(t);
    expect((await sendFile(other, ids[0]!, 'a.pdf', PDF)).statusCode).toBe(404);
    const cart = await other.openCart();
    const profile = await other.addContestant();
    const unpaid = await other.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: musicSolo().id,
      participantProfileId: profile,
    });
    const unpaidId = unpaid.json<{ id: number }>().id;
    const res = await sendFile(other, unpaidId, 'a.pdf', PDF);
    expect(res.statusCode).toBe(404);
    // Said by id, so that the uploads portal can say it in its reader's language (decision 057).
    expect(res.json()).toMatchObject({
      code: 'ORDER_ITEM_NOT_FOUND',
      message: `There is no paid entry with id ${unpaidId}`,
      messageId: UPLOAD_TEXT.id('noPaidEntry'),
    });
  });
});

describe('deleting, finalising and withdrawing', () => {
  it('deletes a file while the entry is open; never another customer’s', async () => {
    const { f, profile, ids } = await paidEntries();
    const sent = await sendFile(f, ids[0]!, 'notes.txt', Buffer.from('Tempo: allegro\n'));
    const uploadId = sent.json<{ orderItemUploadId: number }>().orderItemUploadId;
    const other = await createFamily(t);
    const theirs = await other.call('DELETE', `/api/OrderItems/OrderItemUploads/${uploadId}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({
      message: `There is no file with id ${uploadId}`,
      messageId: UPLOAD_TEXT.id('noFile'),
    });
    const res = await f.call('DELETE', `/api/OrderItems/OrderItemUploads/${uploadId}`);
    expect(res.statusCode).toBe(204);
    expect((await list(f, profile)).items[0]!.orderItemUploads).toEqual([]);
    // The alias path of spec 7 reaches the same call; the file is gone already.
    expect(
      (await f.call('DELETE', `/api/OrderItems/${uploadId}/OrderItemUploads`)).statusCode,
    ).toBe(404);
    // The same name may be sent again once the first is deleted.
    expect(
      (await sendFile(f, ids[0]!, 'notes.txt', Buffer.from('Tempo: presto\n'))).json(),
    ).not.toMatchObject({ name: FILE_EXISTS });
  });

  it('finalises only with a main file, then takes no more changes', async () => {
    const { f, profile, ids } = await paidEntries([artItem()]);
    const early = await f.call('PUT', `/api/OrderItems/${ids[0]}`, { submittedForMarking: true });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      code: 'MAIN_FILE_REQUIRED',
      message: wordsOf(UPLOAD_TEXT.say('mainFileRequired')),
    });
    const sent = await sendFile(f, ids[0]!, 'art.png', PNG, 2);
    // Finalising waits for the file's processing (decision 025).
    await t.app.jobs.settled(PROCESS_FILE_JOB);
    const res = await f.call('PUT', `/api/OrderItems/${ids[0]}`, { submittedForMarking: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(f, profile)).items[0]).toMatchObject({ isSubmittedForMarking: true });
    expect((await sendFile(f, ids[0]!, 'more.pdf', PDF)).statusCode).toBe(409);
    const uploadId = sent.json<{ orderItemUploadId: number }>().orderItemUploadId;
    expect(
      (await f.call('DELETE', `/api/OrderItems/OrderItemUploads/${uploadId}`)).statusCode,
    ).toBe(409);
    const withdraw = await f.call('PUT', `/api/OrderItems/${ids[0]}/Withdraw`);
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json()).toMatchObject({ code: 'ENTRY_FINALISED' });
  });

  it('finalises, withdraws and deletes a file right after the catalogue changed', async () => {
    // The entry is locked in a transaction and the catalogue's snapshot is loaded on demand: on
    // embedded PGlite (one connection) loading it inside the transaction waited forever.
    const arts = items.filter(
      (i) => i.category.section === 'Visual Arts & Design' && !i.isGroupItem,
    );
    const { f, ids } = await paidEntries(arts.slice(0, 3));
    const sent = await sendFile(f, ids[0]!, 'art.png', PNG, 2);
    const uploadId = sent.json<{ orderItemUploadId: number }>().orderItemUploadId;
    const soon = <T>(call: Promise<T>) =>
      Promise.race([
        call,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), 5000)),
      ]);
    t.app.catalogue.invalidate();
    const removed = await soon(f.call('DELETE', `/api/OrderItems/OrderItemUploads/${uploadId}`));
    expect(removed.statusCode, removed.body).toBe(204);
    await sendFile(f, ids[1]!, 'art.png', PNG, 2);
    await t.app.jobs.settled(PROCESS_FILE_JOB);
    t.app.catalogue.invalidate();
    const finalised = await soon(
      f.call('PUT', `/api/OrderItems/${ids[1]}`, { submittedForMarking: true }),
    );
    expect(finalised.statusCode, finalised.body).toBe(200);
    t.app.catalogue.invalidate();
    const withdrawn = await soon(f.call('PUT', `/api/OrderItems/${ids[2]}/Withdraw`));
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  });

  it('withdraws an entry for good', async () => {
    const { f, profile, ids } = await paidEntries();
    const other = await createFamily(t);
    expect((await other.call('PUT', `/api/OrderItems/${ids[0]}/Withdraw`)).statusCode).toBe(404);
    const res = await f.call('PUT', `/api/OrderItems/${ids[0]}/Withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isCancelled: true });
    expect((await list(f, profile)).items[0]).toMatchObject({ isCancelled: true });
    expect((await sendFile(f, ids[0]!, 'a.pdf', PDF)).statusCode).toBe(409);
    const finalise = await f.call('PUT', `/api/OrderItems/${ids[0]}`, {
      submittedForMarking: true,
    });
    expect(finalise.statusCode).toBe(409);
    expect(finalise.json()).toMatchObject({ code: 'ENTRY_WITHDRAWN' });
  });
});

describe('the entry status at the upload deadline (spec 4)', () => {
  it('is incomplete until the last millisecond of the day after the due date, then expired', async () => {
    const { f, profile, ids } = await paidEntries([musicSolo(), artItem()]);
    await sendFile(f, ids[1]!, 'art.png', PNG, 2);
    t.setNow(LAST_MS_PERFORMANCE);
    let music = (await list(f, profile)).items.find((e) => e.id === ids[0])!;
    expect(music).toMatchObject({ status: ENTRY_STATUS.incomplete, deadlinePassed: false });
    expect((await sendFile(f, ids[0]!, 'last.pdf', PDF)).statusCode).toBe(200);
    t.setNow(FIRST_MS_LATE_PERFORMANCE);
    const page = await list(f, profile);
    music = page.items.find((e) => e.id === ids[0])!;
    expect(music).toMatchObject({ status: ENTRY_STATUS.expired, deadlinePassed: true });
    // A complete entry stays complete after its deadline.
    expect(page.items.find((e) => e.id === ids[1])).toMatchObject({
      status: ENTRY_STATUS.complete,
      deadlinePassed: true,
    });
    const late = await sendFile(f, ids[0]!, 'late.pdf', PDF);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'DEADLINE_PASSED' });
  });
});
