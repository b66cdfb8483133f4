import type { EventSettings, Item, StaffEvent, StaffEvents } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, items } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff, finalisedEntry } from '../adjudication/adjudication.test-helpers.ts';

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let adjudicator: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await createStaff(t, 'organiser');
  adjudicator = await createStaff(t, 'adjudicator');
});
afterAll(async () => {
  await t.close();
});

const copyOf = async (body: { name: string; year: number; shiftDays: number }) => {
  const res = await organiser.call('POST', `/api/Staff/Events/${t.eventId}/Copy`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffEvent>();
};

describe('who may set up events', () => {
  const calls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
    ['GET', '/api/Staff/Events'],
    ['GET', '/api/Staff/Events/1'],
    ['PUT', '/api/Staff/Events/1', {}],
    ['POST', '/api/Staff/Events/1/Copy', { name: 'x', year: 2026, shiftDays: 0 }],
    ['POST', '/api/Staff/Events/1/ShiftDates', { days: 1 }],
    ['POST', '/api/Staff/Events/1/MakeLive'],
  ];

  it('is organisers only: a family gets 404, an adjudicator 403, no one signed in 401', async () => {
    const family = await createFamily(t);
    for (const [method, url, body] of calls) {
      expect((await family.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await adjudicator.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('events', () => {
  // First: later tests make other events live, and a cart opens in the one families see.
  it('counts the finalised entries whose results are not published yet', async () => {
    const before = (
      await organiser.call('GET', `/api/Staff/Events/${t.eventId}`)
    ).json<StaffEvent>();
    const item = (await catalogueItems(t)).find(
      (i) => i.category.section === 'Dance' && !i.isGroupItem && !i.requiresAnInstrument,
    )!;
    await finalisedEntry(t, await createFamily(t), item);
    const after = (
      await organiser.call('GET', `/api/Staff/Events/${t.eventId}`)
    ).json<StaffEvent>();
    expect(after.unpublishedEntries).toBe(before.unpublishedEntries + 1);
  });

  it('lists the demo event as live and served, with its settings and what it holds', async () => {
    const res = await organiser.call('GET', '/api/Staff/Events');
    expect(res.statusCode).toBe(200);
    const { events, servedByConfiguration } = res.json<StaffEvents>();
    expect(servedByConfiguration).toBeNull();
    const demo = events.find((e) => e.id === t.eventId);
    expect(demo).toMatchObject({
      isLive: true,
      isServed: true,
      items: 189,
      settings: {
        name: 'Online Eisteddfod 2025',
        year: 2025,
        certificatesFolder: '2025Certificates',
        dates: { registrationOpens: '2025-03-24', galaAwards: '2025-06-18' },
        fees: { individualCents: 16000 },
      },
    });
    expect(demo?.settings.hostLine).toContain('Bluegum Heights College');
  });

  it('copies an event with its catalogue, rubrics and content, every date moved, not live', async () => {
    const copy = await copyOf({ name: 'Online Eisteddfod 2026', year: 2026, shiftDays: 364 });
    expect(copy).toMatchObject({
      isLive: false,
      isServed: false,
      items: 189,
      orders: 0,
      settings: {
        name: 'Online Eisteddfod 2026',
        year: 2026,
        certificatesFolder: '2026Certificates',
        // 2025-03-24 was a Monday; 364 days on is Monday 2026-03-23.
        dates: {
          registrationOpens: '2026-03-23',
          registrationCloses: '2026-04-19',
          lateEntryFrom: '2026-04-20',
          galaAwards: '2026-06-17',
        },
      },
    });
    const [original, copied] = await Promise.all(
      [t.eventId, copy.id].map((eventId) =>
        t.database.db.select().from(items).where(eq(items.eventId, eventId)).orderBy(items.code),
      ),
    );
    // Every column of every item comes along (a column added later must be copied too).
    expect(
      copied!.map(({ id: _i, eventId: _e, categoryId: _c, dueDate: _d, ...rest }) => rest),
    ).toEqual(
      original!.map(({ id: _i, eventId: _e, categoryId: _c, dueDate: _d, ...rest }) => rest),
    );
    expect(copied![0]!.dueDate).not.toBe(original![0]!.dueDate);
    const categories = await organiser.call('GET', `/api/Staff/Events/${copy.id}`);
    expect(categories.json<StaffEvent>().categories).toBeGreaterThan(0);
  });

  it('moves every date and every due date of an event by a number of days, audited', async () => {
    const copy = await copyOf({ name: 'Shifted', year: 2027, shiftDays: 0 });
    const res = await organiser.call('POST', `/api/Staff/Events/${copy.id}/ShiftDates`, {
      days: -7,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffEvent>().settings.dates.registrationOpens).toBe('2025-03-17');
    const due = await t.database.db
      .select({ code: items.code, dueDate: items.dueDate })
      .from(items)
      .where(eq(items.eventId, copy.id));
    const before = await t.database.db
      .select({ code: items.code, dueDate: items.dueDate })
      .from(items)
      .where(eq(items.eventId, t.eventId));
    const was = new Map(before.map((i) => [i.code, i.dueDate]));
    for (const item of due)
      expect(Date.parse(was.get(item.code)!) - Date.parse(item.dueDate)).toBe(7 * 86_400_000);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(copy.id)))
      .orderBy(auditLog.id);
    expect(entry).toBeDefined();
  });

  it('saves settings that hold together, and names the date that does not', async () => {
    const copy = await copyOf({ name: 'Edited', year: 2028, shiftDays: 364 * 3 });
    const settings: EventSettings = {
      ...copy.settings,
      name: 'Online Eisteddfod 2026 (edited)',
      hostLine: 'Hosted by Jacaranda High · Open to schools worldwide',
      fees: { ...copy.settings.fees, individualCents: 17500 },
    };
    const saved = await organiser.call('PUT', `/api/Staff/Events/${copy.id}`, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<StaffEvent>().settings).toEqual(settings);

    const wrong = await organiser.call('PUT', `/api/Staff/Events/${copy.id}`, {
      ...settings,
      dates: { ...settings.dates, galaAwards: '2026-01-01' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Gala release of results must be on or after');

    const zone = await organiser.call('PUT', `/api/Staff/Events/${copy.id}`, {
      ...settings,
      timeZone: 'Mars/Olympus',
    });
    expect(zone.statusCode).toBe(400);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'event.update'));
    const last = audit.at(-1)!;
    expect(last.actorCustomerId).toBe(organiser.id);
    expect(last.details).toMatchObject({
      before: { name: 'Edited', fees: { individualCents: 16000 } },
      after: { name: 'Online Eisteddfod 2026 (edited)', fees: { individualCents: 17500 } },
    });
  });

  it('answers 404 for an event that does not exist', async () => {
    expect((await organiser.call('GET', '/api/Staff/Events/999999')).statusCode).toBe(404);
    const copy = await organiser.call('POST', '/api/Staff/Events/999999/Copy', {
      name: 'x',
      year: 2026,
      shiftDays: 0,
    });
    expect(copy.statusCode).toBe(404);
  });
});

describe('making an event live', () => {
  it('serves it to families at once, while an earlier family keeps its order', async () => {
    // A family of the 2025 event with a paid order.
    const earlier = await createFamily(t);
    const cart = await earlier.openCart();
    const profileId = await earlier.addContestant();
    const item = (await catalogueItems(t)).find((i) => !i.isGroupItem && !i.requiresAnInstrument)!;
    const added = await earlier.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: item.id,
      participantProfileId: profileId,
    });
    expect(added.statusCode, added.body).toBe(201);

    const next = await copyOf({ name: 'Online Eisteddfod 2029', year: 2029, shiftDays: 364 * 4 });
    const res = await organiser.call('POST', `/api/Staff/Events/${next.id}/MakeLive`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<StaffEvents>().events;
    expect(listed.filter((e) => e.isLive).map((e) => e.id)).toEqual([next.id]);
    expect(listed.find((e) => e.id === next.id)?.isServed).toBe(true);

    // Families see the new event and its items.
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json<{ eventId: number; year: number }>()).toMatchObject({
      eventId: next.id,
      year: 2029,
    });
    const newItems = await t.app.inject({
      url: `/api/Eisteddfods/${next.id}/ItemsSearch?take=300`,
    });
    const newItem = newItems.json<{ items: Item[] }>().items.find((i) => i.code === item.code);
    expect(newItem?.id).not.toBe(item.id);

    // The earlier order is still there, with its item of 2025.
    const order = await earlier.call('GET', `/api/Orders/${cart}`);
    expect(order.statusCode).toBe(200);
    expect(order.body).toContain(item.code);
  });

  it('refuses an event with no items', async () => {
    const copy = await copyOf({ name: 'Empty', year: 2030, shiftDays: 0 });
    await t.database.db.delete(items).where(eq(items.eventId, copy.id));
    const res = await organiser.call('POST', `/api/Staff/Events/${copy.id}/MakeLive`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('EVENT_NOT_READY');
  });
});

describe('what set-up must not break', () => {
  it('takes entries only for the event families see, not a copy being set up', async () => {
    const copy = await copyOf({ name: 'Not open yet', year: 2031, shiftDays: 0 });
    const family = await createFamily(t);
    const res = await family.call('POST', '/api/Orders', {
      customerId: family.id,
      eventId: copy.id,
      orderItems: [],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('EVENT_NOT_OPEN');
  });

  it('keeps one event a year: families’ entries and order numbers are kept by year', async () => {
    const res = await organiser.call('POST', `/api/Staff/Events/${t.eventId}/Copy`, {
      name: 'Again',
      year: 2025,
      shiftDays: 0,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('EVENT_YEAR_TAKEN');
  });

  it('does not move every deadline of an event that has orders', async () => {
    const family = await createFamily(t);
    await family.openCart();
    const served = (await t.app.inject({ url: '/api/config' })).json<{ eventId: number }>();
    const res = await organiser.call('POST', `/api/Staff/Events/${served.eventId}/ShiftDates`, {
      days: 7,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('EVENT_HAS_ORDERS');
  });

  it('refuses a fee the database cannot hold with 400, not 500', async () => {
    const copy = await copyOf({ name: 'Big fee', year: 2032, shiftDays: 0 });
    const res = await organiser.call('PUT', `/api/Staff/Events/${copy.id}`, {
      ...copy.settings,
      fees: { ...copy.settings.fees, individualCents: 3_000_000_000 },
    });
    expect(res.statusCode).toBe(400);
  });

  it('makes one event live when two organisers make two live at once', async () => {
    const [a, b] = [
      await copyOf({ name: 'A', year: 2033, shiftDays: 0 }),
      await copyOf({ name: 'B', year: 2034, shiftDays: 0 }),
    ];
    const answers = await Promise.all(
      [a, b].map((e) => organiser.call('POST', `/api/Staff/Events/${e.id}/MakeLive`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const { events } = (await organiser.call('GET', '/api/Staff/Events')).json<StaffEvents>();
    expect(events.filter((e) => e.isLive)).toHaveLength(1);
  });
});
