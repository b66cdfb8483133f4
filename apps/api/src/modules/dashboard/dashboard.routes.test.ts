import { DashboardSchema, SECTIONS, type Item } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, marks, orderItems, orderItemUploads, orders } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff, finalisedEntry } from '../adjudication/adjudication.test-helpers.ts';

let t: TestApp;
let catalogue: Item[];

beforeAll(async () => {
  t = await createTestApp({ now: '2025-04-01T10:00:00Z' });
  catalogue = await catalogueItems(t);
});
afterAll(() => t.close());

const solo = (section: string) => {
  const item = catalogue.find(
    (i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === section,
  );
  if (!item) throw new Error(`no ${section} solo in the demo catalogue`);
  return item;
};

type Family = Awaited<ReturnType<typeof createFamily>>;

/** A paid order of one entry, paid at `paidAt` for `totalCents`. */
async function paidEntry(
  family: Family,
  section: string,
  paidAt: string,
  totalCents: number,
  options: { finalise?: boolean; file?: boolean } = {},
) {
  const entry = await finalisedEntry(t, family, solo(section), {}, { finalise: options.finalise });
  const db = t.database.db;
  await db
    .update(orders)
    .set({ completedAt: new Date(paidAt), totalCents })
    .where(eq(orders.id, entry.orderId));
  if (options.file === false) {
    await db
      .update(orderItemUploads)
      .set({ isDeleted: true, deletedAt: new Date(paidAt) })
      .where(eq(orderItemUploads.id, entry.uploadId));
  }
  return entry;
}

async function mark(
  orderItemId: number,
  adjudicatorId: number,
  state: 'draft' | 'submitted' | 'published',
) {
  const at = new Date('2025-03-20T10:00:00Z');
  await t.database.db.insert(marks).values({
    orderItemId,
    adjudicatorId,
    total: 80,
    status: state === 'draft' ? 'draft' : 'submitted',
    submittedAt: state === 'draft' ? null : at,
    publishedAt: state === 'published' ? at : null,
  });
}

describe('GET /api/Staff/Dashboard', () => {
  it('counts entries per section and day, revenue, uploads and marking exactly', async () => {
    const organiser = await createStaff(t, 'organiser');
    const first = await createStaff(t, 'adjudicator');
    const second = await createStaff(t, 'adjudicator');
    for (const [adjudicator, sections] of [
      [first, ['Dance']],
      [second, ['Dance', 'Dramatic Arts']],
    ] as const) {
      for (const section of sections) {
        const res = await organiser.call(
          'POST',
          `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`,
          { section },
        );
        expect(res.statusCode).toBe(201);
      }
    }

    const [a, b, c] = [await createFamily(t), await createFamily(t), await createFamily(t)];
    // 23:30 in Johannesburg on the 10th.
    const marked = await paidEntry(a, 'Dance', '2025-03-10T21:30:00Z', 10_000);
    // 00:30 in Johannesburg on the 11th, though still the 10th in UTC; uploaded, not finalised.
    await paidEntry(a, 'Dramatic Arts', '2025-03-10T22:30:00Z', 15_000, { finalise: false });
    // Nothing on the 12th. On the 13th: one without a main file...
    await paidEntry(b, 'Dance', '2025-03-13T08:00:00Z', 20_000, { finalise: false, file: false });
    // ...one withdrawn after it was marked (its order's total still counts as revenue)...
    const withdrawn = await paidEntry(b, 'Dance', '2025-03-13T09:00:00Z', 5_000);
    await mark(withdrawn.orderItemId, first.id, 'submitted');
    await t.database.db
      .update(orderItems)
      .set({ isCancelled: true, withdrawnAt: new Date('2025-03-14T09:00:00Z') })
      .where(eq(orderItems.id, withdrawn.orderItemId));
    // ...one with a draft, one not marked yet.
    const drafted = await paidEntry(c, 'Dance', '2025-03-13T10:00:00Z', 10_000);
    await paidEntry(c, 'Dance', '2025-03-13T11:00:00Z', 10_000);
    await mark(marked.orderItemId, first.id, 'published');
    await mark(drafted.orderItemId, first.id, 'draft');
    // An order that was never paid counts nowhere.
    const unpaid = await paidEntry(c, 'Music', '2025-03-13T12:00:00Z', 99_000);
    await t.database.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.id, unpaid.orderId));

    const res = await organiser.call('GET', `/api/Staff/Dashboard?eventId=${t.eventId}`);
    expect(res.statusCode).toBe(200);
    const dashboard = DashboardSchema.parse(res.json());

    const day = (dance: [number, number], drama: [number, number], cents: number, n: number) => ({
      sections: SECTIONS.map((section) => {
        const [entries, cumulative] =
          section === 'Dance' ? dance : section === 'Dramatic Arts' ? drama : [0, 0];
        return { section, entries, cumulative };
      }),
      revenueCents: cents,
      paidOrders: n,
    });
    expect(dashboard.timeZone).toBe('Africa/Johannesburg');
    expect(dashboard.days).toEqual([
      { date: '2025-03-10', ...day([1, 1], [0, 0], 10_000, 1) },
      { date: '2025-03-11', ...day([0, 1], [1, 1], 15_000, 1) },
      { date: '2025-03-12', ...day([0, 1], [0, 1], 0, 0) },
      { date: '2025-03-13', ...day([3, 4], [0, 1], 45_000, 4) },
    ]);
    const perSection = (dance: number, drama: number) =>
      SECTIONS.map((section) => ({
        section,
        entries: section === 'Dance' ? dance : section === 'Dramatic Arts' ? drama : 0,
      }));
    expect(dashboard.entries).toEqual({ total: 5, sections: perSection(4, 1) });
    expect(dashboard.revenue).toEqual({ totalCents: 70_000, paidOrders: 6 });
    expect(dashboard.uploads).toEqual({
      sections: SECTIONS.map((section) =>
        section === 'Dance'
          ? { section, paid: 4, complete: 3, finalised: 3 }
          : section === 'Dramatic Arts'
            ? { section, paid: 1, complete: 1, finalised: 0 }
            : { section, paid: 0, complete: 0, finalised: 0 },
      ),
      overall: { paid: 5, complete: 4, finalised: 3 },
    });
    const progress = (id: number) => dashboard.marking.adjudicators.find((x) => x.id === id);
    // The first sees their three finalised Dance entries; the second only the one nobody has
    // started (the others are the first's), and no Drama entry is finalised.
    expect(progress(first.id)).toEqual({
      id: first.id,
      name: expect.stringMatching(/^Adele Staff\d+$/),
      assigned: 3,
      drafts: 1,
      submitted: 1,
    });
    expect(progress(second.id)).toMatchObject({ assigned: 1, drafts: 0, submitted: 0 });
    expect(dashboard.marking).toMatchObject({ finalised: 3, submitted: 1, published: 1 });
  });

  it('answers an event without payments with no days and zeros', async () => {
    const organiser = await createStaff(t, 'organiser');
    // A copy of the event's settings: no orders, another time zone.
    const db = t.database.db;
    const [event] = await db.select().from(events).where(eq(events.id, t.eventId));
    const { id: _id, createdAt: _at, ...settings } = event!;
    const [copy] = await db
      .insert(events)
      .values({
        ...settings,
        name: 'Empty',
        year: settings.year + 1,
        isLive: false,
        timeZone: 'Europe/London',
      })
      .returning({ id: events.id });
    const id = copy!.id;
    const res = await organiser.call('GET', `/api/Staff/Dashboard?eventId=${id}`);
    expect(res.statusCode).toBe(200);
    const dashboard = DashboardSchema.parse(res.json());
    expect(dashboard).toMatchObject({
      eventId: id,
      eventName: 'Empty',
      timeZone: 'Europe/London',
      days: [],
      entries: { total: 0 },
      revenue: { totalCents: 0, paidOrders: 0 },
      uploads: { overall: { paid: 0, complete: 0, finalised: 0 } },
      marking: { finalised: 0, submitted: 0, published: 0 },
    });
  });

  it('answers 404 for an unknown event and 400 without a valid event id', async () => {
    const organiser = await createStaff(t, 'organiser');
    const missing = await organiser.call('GET', '/api/Staff/Dashboard?eventId=999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'EVENT_NOT_FOUND' });
    for (const query of ['', '?eventId=abc', '?eventId=0']) {
      const res = await organiser.call('GET', `/api/Staff/Dashboard${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('is for organisers only: adjudicators 403, families 404, no session 401', async () => {
    const url = `/api/Staff/Dashboard?eventId=${t.eventId}`;
    const adjudicator = await createStaff(t, 'adjudicator');
    expect((await adjudicator.call('GET', url)).statusCode).toBe(403);
    const family = await createFamily(t);
    expect((await family.call('GET', url)).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
