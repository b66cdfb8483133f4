import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  MarkingEntrySchema,
  type AuditPage,
  type FamilyDataRights,
  type FamilyErasureRequest,
  type Item,
  type StaffErasureRequest,
} from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  certificates,
  conflictsOfInterest,
  customers,
  groupParticipants,
  ledgerMovements,
  marks,
  orderItems,
  orderItemUploads,
  orders,
  participantProfiles,
  paymentNotifications,
  payments,
  signInEvents,
  storedFiles,
  supportTickets,
} from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { accountsClient } from '../accounts/accounts-test-client.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CERTIFICATES_JOB } from '../results-day/certificates.service.ts';
import {
  createStaff,
  finalisedEntry,
  type Family,
} from '../adjudication/adjudication.test-helpers.ts';
import { DELETE_FILES_JOB } from './data-rights.service.ts';

let t: TestApp;
let catalogue: Item[];
let organiser: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp({ now: '2025-04-01T10:00:00Z' });
  catalogue = await catalogueItems(t);
  organiser = await createStaff(t, 'organiser');
});
afterAll(() => t.close());

const find = (test: (i: Item) => boolean) => catalogue.find(test)!;
const danceSolo = () =>
  find((i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance');
const groupItem = () =>
  find((i) => i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance');

let n = 0;
const bytes = (what: string) => Buffer.from(`${what} ${'x'.repeat(2000)}`);

/**
 * A family with everything the portal can hold about it, under names no other test uses: a
 * mobile number, a contestant with a picture, a paid entry with a stored file, a published
 * result with a certificate, a group entry, a provider's payment, a support ticket.
 */
async function richFamily() {
  n++;
  const tag = `${String.fromCharCode(65 + n)}${process.pid % 1000}q${n}`;
  const family = await createFamily(t);
  const db = t.database.db;
  const names = {
    first: `Zanele${tag}`,
    surname: `Mokoena${tag}`,
    contestantFirst: `Lwazi${tag}`,
    contestantSurname: `Khumalo${tag}`,
    member: `Member${tag}`,
    mobile: `0821${String(100000 + n * 7919).slice(-6)}`,
  };
  await db
    .update(customers)
    .set({ firstName: names.first, surname: names.surname, mobileNumber: names.mobile })
    .where(eq(customers.id, family.id));
  const [account] = await db.select().from(customers).where(eq(customers.id, family.id));
  const email = account!.email!;
  const entry = await finalisedEntry(t, family, danceSolo(), {
    firstName: names.contestantFirst,
    surname: names.contestantSurname,
  });
  await db
    .update(participantProfiles)
    .set({ school: `School${tag}` })
    .where(eq(participantProfiles.id, entry.profileId));
  // The entry's stored file, a picture of the contestant and a certificate, in storage.
  const entryKey = `entries/${entry.orderItemId}/performance.mp4`;
  await t.app.storage.put(entryKey, bytes(`performance of ${tag}`), 'video/mp4');
  const pictureKey = `pictures/${family.id}/${tag}.jpg`;
  await t.app.storage.put(pictureKey, bytes(`picture of ${tag}`), 'image/jpeg');
  await db.insert(storedFiles).values({
    customerId: family.id,
    purpose: 'profile_picture',
    participantProfileId: entry.profileId,
    originalName: `${names.contestantFirst}.jpg`,
    contentType: 'image/jpeg',
    sizeBytes: 2000,
    storageKey: pictureKey,
  });
  const [mark] = await db
    .insert(marks)
    .values({
      orderItemId: entry.orderItemId,
      comment: `Lovely work, ${names.contestantFirst}`,
      status: 'submitted',
      total: 88,
      submittedAt: new Date(),
      publishedAt: new Date(),
    })
    .returning();
  const certificateKey = `certificates/${entry.orderItemId}/${tag}.pdf`;
  await t.app.storage.put(certificateKey, bytes(`certificate of ${tag}`), 'application/pdf');
  await db.insert(certificates).values({
    orderItemId: entry.orderItemId,
    verificationCode: `CODE${tag}`,
    storageKey: certificateKey,
    fileName: `${names.contestantFirst}_${names.contestantSurname}.pdf`,
    firstName: names.contestantFirst,
    surname: names.contestantSurname,
    school: `School${tag}`,
    itemCode: danceSolo().code,
    itemTitle: 'Solo',
    total: 88,
    medal: 'GOLD',
    eventName: 'Online Eisteddfod 2025',
  });
  // A group entry with a member, in a second (paid) order.
  const group = await finalisedEntry(
    t,
    family,
    groupItem(),
    { firstName: names.contestantFirst, surname: `${names.contestantSurname}b` },
    { members: groupItem().minimumParticipants },
  );
  await db
    .update(groupParticipants)
    .set({ firstName: names.member, surname: names.surname })
    .where(eq(groupParticipants.orderItemId, group.orderItemId));
  await t.app.storage.put(
    `entries/${group.orderItemId}/performance.mp4`,
    bytes(`group of ${tag}`),
    'video/mp4',
  );
  await db
    .update(orders)
    .set({ totalCents: 16000, confirmationEmail: email })
    .where(eq(orders.id, entry.orderId));
  const payfast = {
    m_payment_id: String(entry.orderId),
    pf_payment_id: `PF${tag}`,
    payment_status: 'COMPLETE',
    amount_gross: '160.00',
    name_first: names.first,
    name_last: names.surname,
    email_address: email,
  };
  await db.insert(payments).values({
    orderId: entry.orderId,
    provider: 'payfast',
    providerPaymentId: `PF${tag}`,
    amountCents: 16000,
    status: 'credited',
    payload: payfast,
  });
  await db
    .insert(paymentNotifications)
    .values({ provider: 'payfast', body: new URLSearchParams(payfast).toString() });
  const ticket = await t.app.inject({
    method: 'POST',
    url: '/api/support-tickets',
    payload: {
      name: `${names.first} ${names.surname}`,
      email,
      mobileNumber: names.mobile,
      subject: 'Question',
      message: `A question about ${names.contestantFirst}`,
    },
    remoteAddress: `203.0.113.${n}`,
  });
  expect(ticket.statusCode, ticket.body).toBe(201);
  // A refund an organiser recorded by hand, naming the family in its free text.
  await db.insert(ledgerMovements).values({
    orderId: entry.orderId,
    kind: 'refund',
    method: 'bank_transfer',
    reference: `EFT ${names.surname}`,
    amountCents: 1000,
    receivedOn: '2025-04-01',
    note: `Refunded to ${names.first}`,
  });
  // A video on our own host: its bytes and the tus info file in the video store.
  const videoKey = randomUUID().replaceAll('-', '');
  await t.app.videoFiles.put(videoKey, bytes(`video of ${tag}`), 'video/mp4');
  await t.app.videoFiles.put(`${videoKey}.json`, Buffer.from('{}'), 'application/json');
  // What processing made of it (decision 025): its rendition and its poster.
  const renditionKey = `processed/${entry.orderItemId}/${randomUUID()}.mp4`;
  const posterKey = `processed/${entry.orderItemId}/${randomUUID()}.jpg`;
  await t.app.storage.put(renditionKey, bytes(`rendition of ${tag}`), 'video/mp4');
  await t.app.storage.put(posterKey, bytes(`poster of ${tag}`), 'image/jpeg');
  await db.insert(orderItemUploads).values({
    orderItemId: entry.orderItemId,
    fileName: `${entry.orderItemId}_${names.contestantFirst}_video.mp4`,
    originalFileName: `${names.contestantFirst} video.mp4`,
    storageKey: videoKey,
    uploadType: 2,
    sizeInBytes: 2000,
    videoId: randomUUID(),
    isVideo: true,
    processingState: 'ready',
    servedKey: renditionKey,
    servedFileExtension: 'mp4',
    posterKey,
  });
  return {
    ...family,
    email,
    names,
    entry,
    group,
    markId: mark!.id,
    keys: [
      entryKey,
      pictureKey,
      certificateKey,
      `entries/${group.orderItemId}/performance.mp4`,
      `videos:${videoKey}`,
      `videos:${videoKey}.json`,
      renditionKey,
      posterKey,
    ],
    needles: [
      email,
      names.first,
      names.surname,
      names.contestantFirst,
      names.contestantSurname,
      names.member,
      names.mobile,
    ],
  };
}

/** Every file in storage, as keys: the files' as they are, the video store's as `videos:key`. */
function storedKeys(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  const keysIn = (folder: string, prefix: string) => {
    const root = path.join(t.app.config.DATA_DIR, folder);
    try {
      return walk(root).map((f) => prefix + path.relative(root, f).split(path.sep).join('/'));
    } catch {
      return [];
    }
  };
  return [...keysIn('files', ''), ...keysIn('videos', 'videos:')];
}

/** The tables (public schema) and how many rows of each mention `needle`, case aside. */
async function rowsMentioning(needle: string): Promise<Record<string, number>> {
  const { rows } = await t.database.executeSql(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: Record<string, number> = {};
  for (const { name } of rows as { name: string }[]) {
    const res = await t.database.executeSql(
      `select count(*)::int as n from "${name}" x where strpos(lower(x::text), $1) > 0`,
      [needle.toLowerCase()],
    );
    const count = (res.rows[0] as { n: number }).n;
    if (count > 0) found[name] = count;
  }
  return found;
}

const archiveOf = async (family: Family) => {
  const res = await family.call('GET', `/api/Customers/${family.id}/DataArchive`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="eisteddfod-data-/);
  return unzipSync(new Uint8Array(res.rawPayload));
};

/** The archive's README.txt, word for word (its underline as long as its title). */
const README = `Your data from the Online Eisteddfod
====================================

This archive holds everything the entry portal keeps about your family, as the Protection of
Personal Information Act (POPIA) entitles you to.

data.json   Your account and its sign-in addresses, your contestants, your orders with their
            entries, group members, uploaded files' details, published results and certificates,
            your payments, the messages we sent you, your support tickets and the log of changes
            made to your records. Amounts are in cents (R 1.00 = 100).
files/      The files themselves: contestants' pictures (files/pictures), the files uploaded for
            entries (files/entries/<entry number>) and certificates (files/certificates).
            Videos kept by our video host (Bunny Stream) are listed in data.json with their
            address rather than copied here.

A file listed in data.json as "missing" was no longer in storage when the archive was made
(deleted after its event's retention period, for instance).

To have your data erased, use "Ask us to erase my data" on My Profile.
`;

describe('the data archive', () => {
  it("holds the family's data and files, and nothing of another family's", async () => {
    const a = await richFamily();
    const b = await richFamily();
    const zip = await archiveOf(a);
    const names = Object.keys(zip);
    expect(names[0]).toBe('README.txt');
    expect(strFromU8(zip['README.txt']!)).toContain('data.json');
    expect(strFromU8(zip['README.txt']!)).toBe(README);
    const data = JSON.parse(strFromU8(zip['data.json']!)) as {
      account: { email: string; firstName: string; mobileNumber: string };
      loginIdentities: { identifier: string }[];
      contestants: { firstName: string; pictures: { file: string }[] }[];
      orders: {
        totalCents: number | null;
        items: {
          groupParticipants: { firstName: string }[];
          uploads: { file: string | null }[];
          result: { total: number; comment: string } | null;
          certificates: { file: string }[];
        }[];
        payments: { amountCents: number }[];
      }[];
      messagesSentToYou: { recipient: string }[];
      supportTickets: { message: string }[];
      changeLog: unknown[];
      missingFiles: string[];
    };
    expect(data.account).toMatchObject({
      email: a.email,
      firstName: a.names.first,
      mobileNumber: a.names.mobile,
    });
    expect(data.loginIdentities.map((i) => i.identifier)).toContain(a.email);
    expect(data.contestants.map((c) => c.firstName)).toContain(a.names.contestantFirst);
    const allItems = data.orders.flatMap((o) => o.items);
    expect(allItems.flatMap((i) => i.groupParticipants.map((m) => m.firstName))).toContain(
      a.names.member,
    );
    expect(allItems.find((i) => i.result)?.result).toMatchObject({ total: 88 });
    expect(data.orders.flatMap((o) => o.payments)).toEqual([
      expect.objectContaining({ amountCents: 16000 }),
    ]);
    expect(data.messagesSentToYou.length).toBeGreaterThan(0);
    expect(data.messagesSentToYou.every((m) => m.recipient.toLowerCase() === a.email)).toBe(true);
    expect(data.supportTickets).toHaveLength(1);
    expect(data.missingFiles).toEqual([]);

    // The files themselves, byte for byte.
    const picture = data.contestants.flatMap((c) => c.pictures)[0]!.file;
    expect(strFromU8(zip[picture]!)).toContain(`picture of`);
    const uploads = allItems.flatMap((i) => i.uploads.map((u) => u.file!));
    expect(uploads).toHaveLength(3);
    for (const file of uploads) {
      expect(strFromU8(zip[file]!)).toMatch(/^(performance|group|video) of/);
    }
    const certificate = allItems.flatMap((i) => i.certificates)[0]!.file;
    expect(strFromU8(zip[certificate]!)).toContain('certificate of');

    // Nothing of the other family, in the data or the files.
    const everything = names.map((name) => strFromU8(zip[name]!)).join('\n');
    for (const needle of [b.email, b.names.first, b.names.contestantFirst, b.names.member]) {
      expect(everything).not.toContain(needle);
    }

    // Audited, and another family's archive is not found.
    const log = (
      await organiser.call('GET', '/api/Staff/AuditLog?action=data.archive')
    ).json<AuditPage>();
    expect(log.entries.some((e) => e.entityId === String(a.id))).toBe(true);
    expect((await b.call('GET', `/api/Customers/${a.id}/DataArchive`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/Customers/${a.id}/DataArchive` })).statusCode).toBe(
      401,
    );
  });

  it('is limited to three an hour per family', async () => {
    const family = await createFamily(t);
    for (let i = 0; i < 3; i++) await archiveOf(family);
    const fourth = await family.call('GET', `/api/Customers/${family.id}/DataArchive`);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('erasure', () => {
  it('a family asks once; the organisers are told, the family acknowledged, audited', async () => {
    const family = await createFamily(t);
    const url = `/api/Customers/${family.id}/ErasureRequest`;
    expect((await family.call('GET', url)).json<FamilyDataRights>()).toEqual({ request: null });
    const first = await family.call('POST', url);
    expect(first.statusCode, first.body).toBe(201);
    const request = first.json<FamilyErasureRequest>();
    expect(request.status).toBe('pending');
    const again = await family.call('POST', url);
    expect(again.statusCode).toBe(200);
    expect(again.json<FamilyErasureRequest>().id).toBe(request.id);
    expect((await family.call('GET', url)).json<FamilyDataRights>()).toEqual({ request });

    const email = (await family.call('GET', `/api/Customers/${family.id}`)).json<{
      email: string;
    }>().email;
    const toFamily = (
      await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })
    ).json<{ subject: string }[]>();
    expect(toFamily.map((m) => m.subject)).toContain(
      `We received your request to erase your data (R-${String(request.id).padStart(6, '0')})`,
    );
    const organisers = (
      await t.app.inject({
        url: `/api/dev/outbox?to=${encodeURIComponent(t.app.config.ORGANISER_EMAIL)}`,
      })
    ).json<{ subject: string; body: string }[]>();
    const notice = organisers.find((m) =>
      m.subject.includes(`R-${String(request.id).padStart(6, '0')}`),
    );
    expect(notice?.body).toContain(`account ${family.id}`);
    expect(notice?.body).not.toContain(email);

    const log = (
      await organiser.call('GET', '/api/Staff/AuditLog?action=data.erasure-requested')
    ).json<AuditPage>();
    expect(log.entries.some((e) => e.entityId === String(family.id))).toBe(true);
  });

  it("a family cannot ask for another's erasure nor carry one out", async () => {
    const [a, b] = [await createFamily(t), await createFamily(t)];
    expect((await b.call('POST', `/api/Customers/${a.id}/ErasureRequest`)).statusCode).toBe(404);
    expect((await b.call('GET', `/api/Customers/${a.id}/ErasureRequest`)).statusCode).toBe(404);
    const mine = (await a.call('POST', `/api/Customers/${a.id}/ErasureRequest`)).json<{
      id: number;
    }>();
    expect((await b.call('POST', `/api/Staff/DataRequests/${mine.id}/Erase`)).statusCode).toBe(404);
    expect((await b.call('POST', `/api/Staff/Customers/${a.id}/Erase`)).statusCode).toBe(404);
    expect((await b.call('GET', '/api/Staff/DataRequests')).statusCode).toBe(404);
    const adjudicator = await createStaff(t, 'adjudicator');
    expect(
      (await adjudicator.call('POST', `/api/Staff/DataRequests/${mine.id}/Erase`)).statusCode,
    ).toBe(403);
  });

  it('leaves no personal field and no file, keeps the anonymised ledger, ends the sessions', async () => {
    const family = await richFamily();
    const other = await richFamily();
    const asked = await family.call('POST', `/api/Customers/${family.id}/ErasureRequest`);
    const { id } = asked.json<FamilyErasureRequest>();
    const listed = (await organiser.call('GET', '/api/Staff/DataRequests')).json<
      StaffErasureRequest[]
    >();
    expect(listed.find((r) => r.id === id)).toMatchObject({
      status: 'pending',
      customerId: family.id,
      familyName: `${family.names.first} ${family.names.surname}`,
      email: family.email,
    });
    for (const needle of family.needles) {
      expect(Object.keys(await rowsMentioning(needle)), needle).not.toEqual([]);
    }
    // A refused pin check leaves a sign-in event with the account's masked address.
    const check = await t.app.inject({
      method: 'PUT',
      url: `/api/Customers/${family.id}/email-one-time-pin?pin=000000`,
    });
    expect(check.body).toBe('false');
    const signIns = () =>
      t.database.db.select().from(signInEvents).where(eq(signInEvents.customerId, family.id));
    expect(await signIns()).toHaveLength(1);

    const res = await organiser.call('POST', `/api/Staff/DataRequests/${id}/Erase`);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<StaffErasureRequest>();
    expect(done).toMatchObject({ status: 'done', familyName: null, email: null });
    expect(done.counts).toMatchObject({
      loginIdentities: 1,
      pictures: 1,
      certificates: 1,
      signInEvents: 1,
    });
    expect(await signIns()).toEqual([]);
    await t.app.jobs.settled(DELETE_FILES_JOB);

    // No personal field left anywhere, on either database.
    for (const needle of family.needles) {
      expect(await rowsMentioning(needle), needle).toEqual({});
    }
    // No file left; the other family's are all there.
    const keys = storedKeys();
    for (const key of family.keys) expect(keys).not.toContain(key);
    for (const key of other.keys) expect(keys).toContain(key);
    expect(await rowsMentioning(other.email)).not.toEqual({});

    // The anonymised ledger: orders, entries, amounts and payment references.
    const db = t.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, family.entry.orderId));
    expect(order).toMatchObject({ customerId: family.id, totalCents: 16000, status: 'paid' });
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(payment).toMatchObject({
      amountCents: 16000,
      providerPaymentId: expect.stringMatching(/^PF/),
    });
    expect(Object.keys(payment!.payload as object).sort()).toEqual([
      'amount_gross',
      'm_payment_id',
      'payment_status',
      'pf_payment_id',
    ]);
    const [item] = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.id, family.entry.orderItemId));
    expect(item?.priceCents).not.toBeUndefined();
    const [profile] = await db
      .select()
      .from(participantProfiles)
      .where(eq(participantProfiles.id, family.entry.profileId));
    expect(profile).toMatchObject({ firstName: 'Erased', surname: 'contestant' });
    const [refund] = await db
      .select()
      .from(ledgerMovements)
      .where(eq(ledgerMovements.orderId, order!.id));
    expect(refund).toMatchObject({ amountCents: 1000, kind: 'refund', note: null });
    const [account] = await db.select().from(customers).where(eq(customers.id, family.id));
    expect(account).toMatchObject({ firstName: 'Erased', surname: 'family', email: null });
    expect(
      await db.select().from(supportTickets).where(eq(supportTickets.email, family.email)),
    ).toEqual([]);

    // Its sessions have ended; the organiser's record says it was done, with no personal data.
    expect((await family.call('GET', `/api/Customers/${family.id}`)).statusCode).toBe(401);
    const log = (
      await organiser.call('GET', '/api/Staff/AuditLog?action=data.erased')
    ).json<AuditPage>();
    const entry = log.entries.find((e) => e.entityId === String(family.id));
    expect(entry?.details).toMatchObject({ request: `R-${String(id).padStart(6, '0')}` });

    // Once is enough.
    const twice = await organiser.call('POST', `/api/Staff/DataRequests/${id}/Erase`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ERASURE_DONE' });
  });

  it('an organiser erases a family directly; a file already gone does not stop it', async () => {
    const family = await richFamily();
    // One file is already gone from storage: nothing fails for it.
    await t.app.storage.delete(family.keys[0]!);
    const res = await organiser.call('POST', `/api/Staff/Customers/${family.id}/Erase`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffErasureRequest>()).toMatchObject({
      requestedBy: 'organiser',
      status: 'done',
    });
    await t.app.jobs.settled(DELETE_FILES_JOB);
    const keys = storedKeys();
    for (const key of family.keys) expect(keys).not.toContain(key);
    expect(await t.app.dataRights.deletePendingFiles()).toBe(0);
  });

  it('keeps a file whose delete failed, and deletes it on a later try', async () => {
    const family = await richFamily();
    const storage = t.app.storage;
    const working = storage.delete;
    storage.delete = () => Promise.reject(new Error('The storage is down'));
    try {
      const res = await organiser.call('POST', `/api/Staff/Customers/${family.id}/Erase`);
      expect(res.statusCode, res.body).toBe(200);
      await expect(t.app.dataRights.deletePendingFiles()).rejects.toThrow(
        /files could not be deleted/,
      );
      expect(storedKeys()).toContain(family.keys[1]);
    } finally {
      storage.delete = working;
    }
    // The job's retry, or the hourly sweep, finds them.
    await t.app.dataRights.deletePendingFiles();
    const keys = storedKeys();
    for (const key of family.keys) expect(keys).not.toContain(key);
  });

  it('refuses to erase a member of staff, or an account that does not exist', async () => {
    const adjudicator = await createStaff(t, 'adjudicator');
    const res = await organiser.call('POST', `/api/Staff/Customers/${adjudicator.id}/Erase`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STAFF_NOT_ERASABLE' });
    const self = await organiser.call('POST', `/api/Customers/${organiser.id}/ErasureRequest`);
    expect(self.statusCode).toBe(409);
    expect((await adjudicator.call('GET', '/api/Staff/Me')).statusCode).toBe(200);
    const missing = await organiser.call('POST', '/api/Staff/Customers/999999/Erase');
    expect(missing.statusCode).toBe(404);
    const noRequest = await organiser.call('POST', '/api/Staff/DataRequests/999999/Erase');
    expect(noRequest.statusCode).toBe(404);
    expect(noRequest.json()).toMatchObject({ code: 'ERASURE_REQUEST_NOT_FOUND' });
  });
});

describe('retention of entries’ files', () => {
  afterEach(() => t.setNow('2025-04-01T10:00:00Z'));

  it('tells the family the date, then deletes only expired files, once', async () => {
    const adjudicator = await createStaff(t, 'adjudicator');
    await organiser.call('POST', `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`, {
      section: 'Dance',
    });
    const family = await createFamily(t);
    const entry = await finalisedEntry(t, family, danceSolo(), { firstName: 'Retained' });
    const key = `entries/${entry.orderItemId}/performance.mp4`;
    await t.app.storage.put(key, bytes('kept for a year'), 'video/mp4');
    const url = `/api/Staff/Marking/${entry.orderItemId}`;
    const { rubric } = MarkingEntrySchema.parse((await adjudicator.call('GET', url)).json());
    const saved = await adjudicator.call('PUT', url, {
      scores: rubric.map((c) => ({ name: c.name, value: c.maxValue })),
      comment: 'Bravo',
      submit: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await organiser.call('POST', '/api/Staff/Results/Publish', {
      section: 'Dance',
    });
    expect(published.statusCode, published.body).toBe(200);
    await t.app.jobs.settled(CERTIFICATES_JOB);
    const email = (await family.call('GET', `/api/Customers/${family.id}`)).json<{
      email: string;
    }>().email;
    const told = (
      await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })
    ).json<{ subject: string; body: string }[]>();
    const results = told.find((m) => m.subject === 'Your Online Eisteddfod results are out');
    // Published on 1 April 2025; the demo event keeps files for 365 days.
    expect(results?.body).toContain('will be deleted after 01 April 2026');

    const [certificate] = await t.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.orderItemId, entry.orderItemId));
    expect(certificate).toBeDefined();

    // Another entry published later keeps its files when the first one's go.
    const later = await richFamily();
    await t.database.db
      .update(marks)
      .set({ publishedAt: new Date('2026-03-01T10:00:00Z') })
      .where(eq(marks.id, later.markId));

    // A day before: nothing goes.
    t.setNow('2026-03-31T10:00:00Z');
    expect(await t.app.dataRights.retentionSweep()).toBe(0);
    expect(storedKeys()).toContain(key);

    t.setNow('2026-04-02T10:00:00Z');
    expect(await t.app.dataRights.retentionSweep()).toBeGreaterThanOrEqual(1);
    const keys = storedKeys();
    expect(keys).not.toContain(key);
    expect(keys).toContain(certificate!.storageKey);
    expect(keys).toContain(later.keys[0]);
    // Read from the table: the organiser's session has long expired by now.
    const sweeps = () =>
      t.database.db.select().from(auditLog).where(eq(auditLog.action, 'data.retention-sweep'));
    expect(await sweeps()).toEqual([
      expect.objectContaining({
        actorCustomerId: null,
        entityId: String(t.eventId),
        details: { uploadsDeleted: 1, retentionDays: 365 },
      }),
    ]);

    // Again: nothing more to do, nothing more logged.
    expect(await t.app.dataRights.retentionSweep()).toBe(0);
    expect(await sweeps()).toHaveLength(1);
  });

  it('is set with the event’s settings', async () => {
    const res = await organiser.call('GET', `/api/Staff/Events/${t.eventId}`);
    expect(res.statusCode, res.body).toBe(200);
    const event = res.json<{ settings: Record<string, unknown> }>();
    expect(event.settings.fileRetentionDays).toBe(365);
    const saved = await organiser.call('PUT', `/api/Staff/Events/${t.eventId}`, {
      ...event.settings,
      fileRetentionDays: 10,
    });
    expect(saved.statusCode).toBe(400);
    const ok = await organiser.call('PUT', `/api/Staff/Events/${t.eventId}`, {
      ...event.settings,
      fileRetentionDays: 730,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ settings: { fileRetentionDays: number } }>().settings.fileRetentionDays).toBe(
      730,
    );
    // Left out, it stays.
    const { fileRetentionDays: _days, ...without } = event.settings;
    const kept = await organiser.call('PUT', `/api/Staff/Events/${t.eventId}`, without);
    expect(
      kept.json<{ settings: { fileRetentionDays: number } }>().settings.fileRetentionDays,
    ).toBe(730);
  });
});

describe('the review of issue 17 (holes closed)', () => {
  type Archive = {
    messagesSentToYou: { recipient: string; subject: string; body: string }[];
    supportTickets: { email: string }[];
    changeLog: { action: string; entityType: string; entityId: string }[];
  };
  const dataOf = async (family: Family) =>
    JSON.parse(strFromU8((await archiveOf(family))['data.json']!)) as Archive;

  it('never lists messages to addresses the family typed, nor any sign-in code', async () => {
    const victim = await createStaff(t, 'organiser');
    const family = await richFamily();
    const other = await richFamily();
    const db = t.database.db;
    // Addresses a family types unchecked: a contestant's, and an order's confirmation.
    await db
      .update(participantProfiles)
      .set({ email: victim.email, mobileNumber: other.names.mobile })
      .where(eq(participantProfiles.id, family.entry.profileId));
    await db
      .update(orders)
      .set({ confirmationEmail: other.email })
      .where(eq(orders.id, family.group.orderId));
    // The victim signed in with a code (createStaff), and so did the family: both in the outbox.
    const codes = await t.app.inject({
      url: `/api/dev/outbox?to=${encodeURIComponent(victim.email)}`,
    });
    expect(codes.body).toContain('one-time pin');
    const data = await dataOf(family);
    const own = [family.email];
    expect(data.messagesSentToYou.length).toBeGreaterThan(0);
    for (const m of data.messagesSentToYou) expect(own).toContain(m.recipient.toLowerCase());
    // (The contestant's record itself lists what the family typed: that is its own data.)
    const text = JSON.stringify([data.messagesSentToYou, data.supportTickets, data.changeLog]);
    expect(text).not.toContain(victim.email);
    expect(text).not.toContain('one-time pin');
    expect(text).not.toContain('login code');
    expect(text).not.toContain(other.email);
  });

  it('matches nothing by a fragment: an "@" or "0" typed as an address takes no one else’s data', async () => {
    const family = await richFamily();
    const other = await richFamily();
    const db = t.database.db;
    await db
      .update(participantProfiles)
      .set({ email: '@', mobileNumber: '0' })
      .where(eq(participantProfiles.id, family.entry.profileId));
    await db
      .update(orders)
      .set({ confirmationEmail: '.' })
      .where(eq(orders.id, family.group.orderId));
    const data = await dataOf(family);
    const text = JSON.stringify(data);
    for (const needle of [other.email, other.names.first, other.names.mobile]) {
      expect(text).not.toContain(needle);
    }
    for (const m of data.messagesSentToYou) expect(m.recipient.toLowerCase()).toBe(family.email);
    for (const s of data.supportTickets) expect(s.email).toBe(family.email);

    const before = await rowsMentioning(other.email);
    const res = await organiser.call('POST', `/api/Staff/Customers/${family.id}/Erase`);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.settled(DELETE_FILES_JOB);
    // The other family's messages, tickets and audit details are all still there.
    expect(await rowsMentioning(other.email)).toEqual(before);
    const otherLog = await db.select().from(auditLog).where(eq(auditLog.actorCustomerId, other.id));
    expect(otherLog.length).toBeGreaterThan(0);
    for (const l of otherLog) expect(l.details).not.toEqual({ redacted: true });
  });

  it('leaves unpublished marks and the adjudicators’ side out of the archive', async () => {
    const family = await richFamily();
    const adjudicator = await createStaff(t, 'adjudicator');
    const db = t.database.db;
    const about = { entityType: 'order_item', entityId: String(family.entry.orderItemId) };
    await db.insert(auditLog).values([
      {
        actorCustomerId: adjudicator.id,
        action: 'mark.draft_saved',
        ...about,
        details: { total: 61 },
      },
      {
        actorCustomerId: adjudicator.id,
        action: 'mark.submitted',
        ...about,
        details: { total: 63 },
      },
      { actorCustomerId: organiser.id, action: 'mark.reopened', ...about, details: {} },
      {
        actorCustomerId: adjudicator.id,
        action: 'conflict.declared',
        ...about,
        details: { label: 'x' },
      },
    ]);
    const data = await dataOf(family);
    expect(data.changeLog.length).toBeGreaterThan(0);
    for (const l of data.changeLog) {
      expect(l.action).not.toMatch(/^(mark|conflict|adjudicator)\./);
    }
  });

  it('leaves no name in a certificate’s storage key, nor in a failed delete’s error', async () => {
    const family = await richFamily();
    const db = t.database.db;
    const key = `2025Certificates/${family.entry.orderId}_D1_${family.names.contestantFirst}_${family.names.contestantSurname}_88.pdf`;
    await t.app.storage.put(key, bytes('named certificate'), 'application/pdf');
    await db
      .update(certificates)
      .set({ storageKey: key })
      .where(eq(certificates.orderItemId, family.entry.orderItemId));
    const storage = t.app.storage;
    const working = storage.delete;
    storage.delete = (k: string) => Promise.reject(new Error(`could not delete ${k}`));
    try {
      const res = await organiser.call('POST', `/api/Staff/Customers/${family.id}/Erase`);
      expect(res.statusCode, res.body).toBe(200);
      await expect(t.app.dataRights.deletePendingFiles()).rejects.toThrow();
      const [cert] = await db
        .select()
        .from(certificates)
        .where(eq(certificates.orderItemId, family.entry.orderItemId));
      expect(cert!.storageKey).not.toContain(family.names.contestantFirst);
      const found = await rowsMentioning(family.names.contestantFirst);
      // Only the queued key itself, until its delete succeeds; never an error that repeats it.
      expect(Object.keys(found)).toEqual(['file_deletions']);
      expect(found.file_deletions).toBe(1);
    } finally {
      storage.delete = working;
    }
    await t.app.dataRights.deletePendingFiles();
    expect(await rowsMentioning(family.names.contestantFirst)).toEqual({});
    expect(storedKeys()).not.toContain(key);
  });

  it('keeps an adjudicator’s conflict with a child of the same name in another family', async () => {
    const family = await richFamily();
    const namesake = await createFamily(t);
    await finalisedEntry(t, namesake, danceSolo(), {
      firstName: family.names.contestantFirst,
      surname: family.names.contestantSurname,
    });
    const adjudicator = await createStaff(t, 'adjudicator');
    const label = `${family.names.contestantFirst} ${family.names.contestantSurname}`;
    const db = t.database.db;
    await db.insert(conflictsOfInterest).values({
      adjudicatorId: adjudicator.id,
      kind: 'contestant',
      label,
      matchKey: label.toLowerCase(),
    });
    const res = await organiser.call('POST', `/api/Staff/Customers/${family.id}/Erase`);
    expect(res.statusCode, res.body).toBe(200);
    const kept = await db
      .select()
      .from(conflictsOfInterest)
      .where(eq(conflictsOfInterest.adjudicatorId, adjudicator.id));
    expect(kept).toEqual([expect.objectContaining({ label })]);
  });

  it('cancels an unpaid order, so a later notification credits nothing and keeps no name', async () => {
    const family = await createFamily(t);
    const email = (await family.call('GET', `/api/Customers/${family.id}`)).json<{
      email: string;
    }>().email;
    const cart = await family.openCart();
    const profileId = await family.addContestant({ firstName: 'Unpaid', surname: 'Latecomer' });
    const added = await family.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: danceSolo().id,
      participantProfileId: profileId,
    });
    expect(added.statusCode, added.body).toBe(201);
    const link = await family.call(
      'GET',
      `/api/Orders/${cart}/PaymentLink/${encodeURIComponent(email)}?sendWhatsAppConfirmation=false`,
    );
    expect(link.statusCode, link.body).toBe(200);
    const db = t.database.db;
    const [frozen] = await db.select().from(orders).where(eq(orders.id, cart));
    expect(frozen!.status).toBe('awaiting_payment');

    const res = await organiser.call('POST', `/api/Staff/Customers/${family.id}/Erase`);
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await db.select().from(orders).where(eq(orders.id, cart));
    expect(after!.status).toBe('cancelled');

    const paymentId = `SBX-late-${cart}`;
    const signed = t.app.payments.signSandboxNotification([
      ['m_payment_id', String(cart)],
      ['pf_payment_id', paymentId],
      ['amount_gross', (frozen!.totalCents! / 100).toFixed(2)],
      ['payment_status', 'COMPLETE'],
      ['name_first', 'Latefirst'],
      ['email_address', email],
    ]);
    const notified = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(signed).toString(),
    });
    expect(notified.statusCode).toBe(200);
    await t.app.payments.settle();
    const [order] = await db.select().from(orders).where(eq(orders.id, cart));
    expect(order!.status).toBe('cancelled');
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, cart));
    expect(payment).toMatchObject({ status: 'not_awaiting_payment' });
    expect(JSON.stringify(payment!.payload)).not.toMatch(/Latefirst|@/);
    expect(await rowsMentioning('Latefirst')).toEqual({});
    expect(await rowsMentioning(email)).toEqual({});
  });
});

describe('a contact number the family did not prove (decision 031)', () => {
  it("a stranger's number typed at registration takes none of the stranger's messages or tickets", async () => {
    // The stranger signs in with a WhatsApp pin to their own number, gets a message about their
    // child, and writes to the organisers from it.
    const strangerDigits = `0837${String(Date.now()).slice(-6)}`;
    const strangerClient = accountsClient(t.app, '198.51.100.77');
    await strangerClient.register({ mobileNumber: strangerDigits });
    await strangerClient.logIn(strangerDigits, true);
    const strangerNumber = `+27${strangerDigits.slice(1)}`;
    await t.app.outbox.enqueueWhatsAppMessage(
      strangerNumber,
      'Online Eisteddfod: results are out for Sipho Strangerchild.',
    );
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/support-tickets',
      payload: {
        name: 'Stranger Parent',
        email: `stranger.${Date.now()}@example.net`,
        mobileNumber: strangerDigits,
        subject: 'About Sipho',
        message: 'A question about Sipho Strangerchild',
      },
      remoteAddress: '203.0.113.201',
    });
    expect(ticket.statusCode, ticket.body).toBe(201);

    // A family registers with its email and types the stranger's number as its mobile number.
    const familyEmail = `typed.${Date.now()}@example.org`;
    const client = accountsClient(t.app, '198.51.100.78');
    const id = await client.register({ email: familyEmail, mobileNumber: strangerDigits });
    const { token } = await client.logIn(familyEmail);
    const family = {
      id,
      auth: { authorization: `Bearer ${token}` },
      call: (method: 'GET' | 'POST', url: string) =>
        t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } }),
    } as unknown as Family;

    const data = JSON.parse(strFromU8((await archiveOf(family))['data.json']!)) as {
      messagesSentToYou: { recipient: string }[];
      supportTickets: unknown[];
    };
    for (const m of data.messagesSentToYou) expect(m.recipient).toBe(familyEmail);
    expect(JSON.stringify(data.supportTickets)).not.toContain('Strangerchild');

    const before = await rowsMentioning('Strangerchild');
    expect(before.support_tickets).toBe(1);
    expect(before.outbox_messages).toBeGreaterThan(0);
    const res = await organiser.call('POST', `/api/Staff/Customers/${id}/Erase`);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.settled(DELETE_FILES_JOB);
    expect(await rowsMentioning('Strangerchild')).toEqual(before);
  });
});
