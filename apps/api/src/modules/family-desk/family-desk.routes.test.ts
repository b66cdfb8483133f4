import {
  FamilyDetailsSchema,
  FamilySearchPageSchema,
  type FamilyDetails,
  type Item,
} from '@eisteddfod/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  customers,
  marks,
  orderItemUploads,
  outboxMessages,
  rubricScores,
} from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createStaff,
  finalisedEntry,
  type Family,
} from '../adjudication/adjudication.test-helpers.ts';
import { CERTIFICATES_JOB } from '../results-day/certificates.service.ts';
import { mobileDigits, parseOrderNumber } from './family-desk.service.ts';
import { orderNumber } from '../orders/orders.service.ts';

const NOW = '2025-04-01T10:00:00.000Z';
let t: TestApp;
let items: Item[];
let organiser: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  items = await catalogueItems(t);
  organiser = await createStaff(t, 'organiser');
});
afterAll(() => t.close());

const danceSolos = () => items.filter((i) => i.category.section === 'Dance' && !i.isGroupItem);
const dramaSolo = () =>
  items.find((i) => i.category.section === 'Dramatic Arts' && !i.isGroupItem)!;

let n = 0;
/** A family whose parent has names of its own (the test client registers every one alike). */
async function namedFamily(first: string, surname: string, mobile: string | null = null) {
  const f = await createFamily(t);
  await t.database.db
    .update(customers)
    .set({ firstName: first, surname, mobileNumber: mobile })
    .where(eq(customers.id, f.id));
  return f;
}

/** A family with a paid entry (paid on the sandbox page, so it was confirmed by email). */
async function paidFamily(contestant: Record<string, unknown> = {}) {
  n++;
  const f = await namedFamily(`Parent${n}`, `Family${n}`);
  const cart = await f.openCart();
  const profile = await f.addContestant(contestant);
  const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: danceSolos()[0]!.id,
    participantProfileId: profile,
  });
  expect(added.statusCode, added.body).toBe(201);
  await f.payCart(cart);
  await t.app.payments.settle();
  return { f, orderId: cart, profileId: profile, entryId: added.json<{ id: number }>().id };
}

const page = async (familyId: number): Promise<FamilyDetails> => {
  const res = await organiser.call('GET', `/api/Staff/Families/${familyId}`);
  expect(res.statusCode, res.body).toBe(200);
  return FamilyDetailsSchema.parse(res.json());
};
const search = async (q: string) => {
  const res = await organiser.call('GET', `/api/Staff/Families?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return FamilySearchPageSchema.parse(res.json());
};
const auditOf = async (action: string, entityId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

describe('the family desk: access', () => {
  it('is organisers only: a family gets 404, an adjudicator 403, no one signed in 401', async () => {
    const { f, orderId, profileId, entryId } = await paidFamily();
    const adjudicator = await createStaff(t, 'adjudicator');
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
      ['GET', '/api/Staff/Families?q=Family'],
      ['GET', `/api/Staff/Families/${f.id}`],
      [
        'PUT',
        `/api/Staff/Families/${f.id}/Contestants/${profileId}`,
        { firstName: 'A', surname: 'B', school: 'Other School', grade: '5', feeApplies: false },
      ],
      [
        'PUT',
        `/api/Staff/Families/${f.id}/Entries/${entryId}/Item`,
        { itemId: danceSolos()[1]!.id, feeApplies: false },
      ],
      ['POST', `/api/Staff/Families/${f.id}/Orders/${orderId}/ResendConfirmation`],
      ['POST', `/api/Staff/Families/${f.id}/Entries/${entryId}/Certificates`, { feeApplies: true }],
    ];
    for (const [method, url, body] of calls) {
      expect((await f.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await adjudicator.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    // Nothing changed on the way.
    const after = await page(f.id);
    expect(after.contestants[0]).toMatchObject({ firstName: 'Ayanda' });
    expect(after.entries[0]?.itemCode).toBe(danceSolos()[0]!.code);
  });
});

describe('the family desk: search', () => {
  let family: Family;
  let orderNo: string;

  beforeAll(async () => {
    family = await namedFamily('Zinhle', 'Quabeloza', '0821239876');
    const cart = await family.openCart();
    const profile = await family.addContestant({
      firstName: 'Naledi',
      surname: 'Xolanimbe',
      school: 'Amanzi Valley High School',
    });
    await family.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: danceSolos()[0]!.id,
      participantProfileId: profile,
    });
    orderNo = (await page(family.id)).orders[0]!.orderNumber;
  });

  const found = async (q: string) => (await search(q)).rows.find((r) => r.id === family.id);

  it("finds a family by the parent's name, either way round, ignoring case and spaces", async () => {
    for (const q of ['quabeloza', '  Zinhle Quab ', 'QUABELOZA zinhle']) {
      expect(await found(q), q).toMatchObject({
        firstName: 'Zinhle',
        surname: 'Quabeloza',
        contestants: ['Naledi Xolanimbe'],
        matched: ['name'],
      });
    }
  });

  it('finds a family by its email address, its own or its login identity', async () => {
    const [row] = await t.database.db
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, family.id));
    const local = row!.email!.split('@')[0]!;
    expect((await found(local.toUpperCase()))?.matched).toContain('email');
  });

  it('finds a family by its mobile number, typed with or without the country code', async () => {
    for (const q of ['082 123 9876', '+27 82 123 9876', '1239876']) {
      expect((await found(q))?.matched, q).toEqual(['mobile']);
    }
    expect(await found('0821239870')).toBeUndefined();
  });

  it("finds a family by a contestant's name", async () => {
    expect((await found('naledi xolan'))?.matched).toEqual(['contestant']);
    expect((await found('Xolanimbe Naledi'))?.matched).toEqual(['contestant']);
  });

  it("finds a family by a contestant's school", async () => {
    expect((await found('amanzi valley'))?.matched).toContain('school');
  });

  it('finds a family by an order number', async () => {
    expect(orderNo).toMatch(/^E\d{4}-\d{6}$/);
    expect((await found(orderNo))?.matched).toEqual(['order']);
    expect((await found(orderNo.toLowerCase()))?.matched).toEqual(['order']);
    // Another year's number names no order of this family.
    const other = orderNo.replace(/^E(\d{4})/, (_, y: string) => `E${Number(y) + 1}`);
    expect(await found(other)).toBeUndefined();
  });

  it('needs 2 characters, treats wildcards as text, pages, and finds no staff', async () => {
    const short = await organiser.call('GET', '/api/Staff/Families?q=%20a%20');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await organiser.call('GET', '/api/Staff/Families')).statusCode).toBe(400);
    expect((await search('%%')).rows).toEqual([]);
    expect((await search('__')).rows).toEqual([]);
    expect((await search('Olwethu')).rows).toEqual([]);
    await namedFamily('Pagina', 'Uno');
    await namedFamily('Pagina', 'Duo');
    const limited = await organiser.call('GET', '/api/Staff/Families?q=pagina&take=1');
    const body = FamilySearchPageSchema.parse(limited.json());
    expect(body.rows).toEqual([expect.objectContaining({ surname: 'Duo' })]);
    expect(body.total).toBe(2);
    const next = await organiser.call('GET', '/api/Staff/Families?q=pagina&take=1&skip=1');
    expect(next.json().rows).toEqual([expect.objectContaining({ surname: 'Uno' })]);
  });

  it('reads order numbers and phone numbers as the orders module writes them', () => {
    expect(parseOrderNumber(orderNumber(2025, 123))).toEqual({ id: 123, year: 2025 });
    expect(parseOrderNumber('2025-000123')).toEqual({ id: 123, year: 2025 });
    expect(parseOrderNumber('E2025-0')).toBeUndefined();
    expect(parseOrderNumber('Dlamini')).toBeUndefined();
    expect(mobileDigits('082 123')).toBe('82123');
    expect(mobileDigits('+27 82 123 4567')).toBe('821234567');
    expect(mobileDigits('E2025')).toBeUndefined();
    expect(mobileDigits('012')).toBeUndefined();
  });
});

describe("the family desk: a family's page", () => {
  it('shows contestants, orders, payments, entries with files and marks, and messages', async () => {
    const { f, orderId, entryId } = await paidFamily({ firstName: 'Lwazi', surname: 'Mthembu' });
    await t.database.db.insert(orderItemUploads).values({
      orderItemId: entryId,
      fileName: `${entryId}_Lwazi_performance.mp4`,
      originalFileName: 'performance.mp4',
      storageKey: `entries/${entryId}/performance.mp4`,
      uploadType: 2,
      sizeInBytes: 4096,
      isPrimaryFile: true,
      isVideo: true,
    });
    // A submitted, unpublished mark: the family cannot see it, an organiser can.
    const [mark] = await t.database.db
      .insert(marks)
      .values({ orderItemId: entryId, status: 'submitted', total: 85, comment: 'Lovely.' })
      .returning();
    await t.database.db
      .insert(rubricScores)
      .values({ markId: mark!.id, position: 0, name: 'Technique', value: 85, maxValue: 100 });

    const shown = await page(f.id);
    expect(shown.family).toMatchObject({ id: f.id, firstName: expect.stringMatching(/^Parent/) });
    expect(shown.family.identities[0]).toMatchObject({ channel: 'email', verified: true });
    expect(shown.fees).toEqual({ amendmentCents: 25000, changeCents: 25000 });
    expect(shown.contestants).toEqual([
      expect.objectContaining({ firstName: 'Lwazi', surname: 'Mthembu', grade: '5' }),
    ]);
    expect(shown.orders).toEqual([
      expect.objectContaining({
        id: orderId,
        status: 'paid',
        isImported: false,
        totalCents: 16000,
        items: [expect.objectContaining({ id: entryId, contestant: 'Lwazi Mthembu' })],
      }),
    ]);
    expect(shown.payments).toEqual([
      expect.objectContaining({
        source: 'provider',
        method: 'sandbox',
        amountCents: 16000,
        status: 'credited',
        orderId,
      }),
    ]);
    expect(shown.manualPaymentsShown).toBe(t.app.hasDecorator('paymentLedger'));
    expect(shown.entries).toEqual([
      expect.objectContaining({
        id: entryId,
        contestant: 'Lwazi Mthembu',
        paid: true,
        withdrawn: false,
        filesComplete: true,
        finalised: false,
        files: [
          expect.objectContaining({
            kind: 'main',
            name: 'performance.mp4',
            sizeInBytes: 4096,
            state: 'uploaded',
          }),
        ],
        mark: expect.objectContaining({
          status: 'submitted',
          total: 85,
          medal: 'GOLD',
          publishedAt: null,
          scores: [{ name: 'Technique', value: 85, maxValue: 100 }],
        }),
        certificates: [],
      }),
    ]);
    const confirmation = shown.messages.find((m) =>
      m.subject.includes(shown.orders[0]!.orderNumber),
    );
    expect(confirmation).toMatchObject({ channel: 'email', attempts: expect.any(Number) });
    expect(['held', 'pending', 'sent']).toContain(confirmation!.status);
    // The family's own view still hides the unpublished mark.
    const own = await f.call('GET', `/api/OrderItems/RubricScores/${entryId}`);
    expect(own.json()).toEqual([]);
  });

  it("answers 404 for a family that is not there, or a member of staff's account", async () => {
    for (const id of [999_999, organiser.id]) {
      const res = await organiser.call('GET', `/api/Staff/Families/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });
    }
    expect((await organiser.call('GET', '/api/Staff/Families/abc')).statusCode).toBe(400);
  });

  it("is found by a child's name, and its unpaid order is paid by a bank transfer", async () => {
    const f = await namedFamily('Busisiwe', 'Ngcobo');
    const cart = await f.openCart();
    const profile = await f.addContestant({ firstName: 'Kagiso', surname: 'Wesselsbron' });
    await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: danceSolos()[0]!.id,
      participantProfileId: profile,
    });
    const hit = (await search('kagiso wessels')).rows;
    expect(hit.map((r) => r.id)).toEqual([f.id]);
    const before = await page(hit[0]!.id);
    const unpaid = before.orders.find((o) => o.status === 'cart')!;
    expect(unpaid.totalCents).toBe(16000);
    const paid = await organiser.call('POST', `/api/Staff/Orders/${unpaid.id}/ManualPayments`, {
      method: 'bank_transfer',
      reference: 'FNB 2025-04-01 NGCOBO',
      receivedOn: '2025-04-01',
      amountCents: unpaid.totalCents,
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const after = await page(f.id);
    expect(after.orders.find((o) => o.id === unpaid.id)).toMatchObject({ status: 'paid' });
    expect(after.payments).toEqual([
      expect.objectContaining({ source: 'manual', kind: 'manual_payment', amountCents: 16000 }),
    ]);
  });
});

describe('the family desk: actions', () => {
  it("corrects a contestant's details with the edit screen's rules, audited with the fee", async () => {
    const { f, profileId } = await paidFamily({ firstName: 'Ayanda', surname: 'Dlamni' });
    const url = `/api/Staff/Families/${f.id}/Contestants/${profileId}`;
    const body = {
      firstName: 'Ayanda',
      surname: 'Dlamini',
      school: 'Amanzi Valley High School',
      grade: '6',
      gender: 'female',
      feeApplies: true,
    };
    const res = await organiser.call('PUT', url, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(FamilyDetailsSchema.parse(res.json()).contestants[0]).toMatchObject({
      surname: 'Dlamini',
      school: 'Amanzi Valley High School',
      grade: '6',
    });
    const [row] = await auditOf('family_desk.contestant_corrected', profileId);
    expect(row).toMatchObject({
      actorCustomerId: organiser.id,
      entityType: 'participant_profile',
      details: {
        familyId: f.id,
        before: { surname: 'Dlamni', school: 'Other School', grade: '5' },
        after: { surname: 'Dlamini', school: 'Amanzi Valley High School', grade: '6' },
        fee: { kind: 'amendment', applies: true, amountCents: 25000 },
      },
    });

    // The same rules as the family's edit screen, and a fee answer is required.
    const bad = await organiser.call('PUT', url, { ...body, school: 'Hogwarts' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Please enter your school',
    });
    const noFee = await organiser.call('PUT', url, { ...body, feeApplies: undefined });
    expect(noFee.statusCode).toBe(400);
    const noName = await organiser.call('PUT', url, { ...body, firstName: '  ' });
    expect(noName.statusCode).toBe(400);
    // Another family's contestant: 404, and nothing changes.
    const other = await paidFamily();
    const stray = await organiser.call(
      'PUT',
      `/api/Staff/Families/${f.id}/Contestants/${other.profileId}`,
      body,
    );
    expect(stray.statusCode).toBe(404);
    expect((await page(other.f.id)).contestants[0]?.surname).toBe('Dlamini');
    expect(await auditOf('family_desk.contestant_corrected', other.profileId)).toEqual([]);
  });

  it("changes an entry's item after the family's deadline, with the orders module's rules", async () => {
    t.setNow('2025-04-24T21:00:00Z');
    const { f, entryId } = await paidFamily();
    const other = await paidFamily();
    t.setNow('2025-04-24T22:00:00.000Z');
    // Sessions are short: an organiser who signs in now.
    const organiser = await createStaff(t, 'organiser');
    try {
      const [first, second] = danceSolos();
      // The family can no longer change it.
      const own = await f.call('PUT', `/api/OrderItems/${entryId}`, { itemId: second!.id });
      expect(own.statusCode).toBe(400);
      const url = `/api/Staff/Families/${f.id}/Entries/${entryId}/Item`;
      const wrongKind = await organiser.call('PUT', url, {
        itemId: dramaSolo().id,
        feeApplies: true,
      });
      expect(wrongKind.statusCode).toBe(400);
      expect(wrongKind.json()).toMatchObject({ code: 'ITEM_NOT_COMPARABLE' });
      expect((await organiser.call('PUT', url, { itemId: second!.id })).statusCode).toBe(400);
      expect(
        (await organiser.call('PUT', url, { itemId: 999_999, feeApplies: true })).statusCode,
      ).toBe(404);

      const res = await organiser.call('PUT', url, { itemId: second!.id, feeApplies: true });
      expect(res.statusCode, res.body).toBe(200);
      const entry = FamilyDetailsSchema.parse(res.json()).entries.find((e) => e.id === entryId);
      expect(entry?.itemCode).toBe(second!.code);
      const [row] = await auditOf('family_desk.item_changed', entryId);
      expect(row).toMatchObject({
        actorCustomerId: organiser.id,
        details: {
          familyId: f.id,
          before: { itemCode: first!.code },
          after: { itemCode: second!.code },
          fee: { kind: 'change', applies: true, amountCents: 25000 },
        },
      });
      // An entry of another family, addressed through this one: 404.
      const stray = await organiser.call(
        'PUT',
        `/api/Staff/Families/${f.id}/Entries/${other.entryId}/Item`,
        { itemId: second!.id, feeApplies: false },
      );
      expect(stray.statusCode).toBe(404);
    } finally {
      t.setNow(NOW);
    }
  });

  it("sends a paid order's confirmation again, and refuses an unpaid order", async () => {
    const { f, orderId } = await paidFamily();
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, f.id));
    const sentTo = async () =>
      (
        await t.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, customer!.email!))
      ).filter((m) => m.subject.startsWith('Your entries are confirmed'));
    const first = await sentTo();
    expect(first).toHaveLength(1);
    const res = await organiser.call(
      'POST',
      `/api/Staff/Families/${f.id}/Orders/${orderId}/ResendConfirmation`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ messages: [{ channel: 'email', recipient: customer!.email }] });
    const again = await sentTo();
    expect(again).toHaveLength(2);
    expect(again[1]!.body).toBe(first[0]!.body);
    expect(await auditOf('family_desk.confirmation_resent', orderId)).toEqual([
      expect.objectContaining({ actorCustomerId: organiser.id }),
    ]);

    const unpaid = await f.openCart();
    const refused = await organiser.call(
      'POST',
      `/api/Staff/Families/${f.id}/Orders/${unpaid}/ResendConfirmation`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ORDER_NOT_PAID' });
    const stranger = await createFamily(t);
    expect(
      (
        await organiser.call(
          'POST',
          `/api/Staff/Families/${stranger.id}/Orders/${orderId}/ResendConfirmation`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('regenerates the certificates of a published entry, audited with the codes and the fee', async () => {
    const f = await createFamily(t);
    const entry = await finalisedEntry(t, f, danceSolos()[0]!, {
      firstName: 'Naledi',
      surname: 'Botha',
    });
    const url = `/api/Staff/Families/${f.id}/Entries/${entry.orderItemId}/Certificates`;
    const [mark] = await t.database.db
      .insert(marks)
      .values({ orderItemId: entry.orderItemId, status: 'submitted', total: 72 })
      .returning();
    const early = await organiser.call('POST', url, { feeApplies: false });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'RESULT_NOT_PUBLISHED' });

    await t.database.db
      .update(marks)
      .set({ publishedAt: new Date(NOW) })
      .where(eq(marks.id, mark!.id));
    const made = await organiser.call('POST', url, { feeApplies: false });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({ certificates: 1 });
    const again = await organiser.call('POST', url, { feeApplies: true });
    expect(again.json()).toEqual({ certificates: 1 });
    await t.app.jobs.settled(CERTIFICATES_JOB);

    const rows = await auditOf('family_desk.certificates_regenerated', entry.orderItemId);
    expect(rows).toHaveLength(2);
    const second = rows[1]!.details as {
      before: { certificates: string[] };
      after: { certificates: string[] };
      fee: unknown;
    };
    expect(second.before.certificates).toHaveLength(1);
    expect(second.after.certificates).toHaveLength(1);
    expect(second.after.certificates[0]).not.toBe(second.before.certificates[0]);
    expect(second.fee).toEqual({ kind: 'amendment', applies: true, amountCents: 25000 });
    const shown = (await page(f.id)).entries.find((e) => e.id === entry.orderItemId)!;
    expect(shown.certificates.filter((c) => c.supersededAt === null)).toHaveLength(1);
    expect(shown.certificates).toHaveLength(2);
    expect(shown.mark?.publishedAt).not.toBeNull();

    expect((await organiser.call('POST', url, {})).statusCode).toBe(400);
  });
});
