import type { StaffEvent, StaffEvents } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, items } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';
import { carryOver } from './old-year.ts';

// Issue 34, decision 059: a copied event says its own year where the year is clearly the
// event's, and lists every other family-facing text that still names the old one.

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await createStaff(t, 'organiser');
  const { db } = t.database;
  const [from] = await db.select().from(events).where(eq(events.id, t.eventId));
  const content = from!.content as Record<string, unknown>;
  await db
    .update(events)
    .set({
      name: 'Online Eisteddfod 2025',
      content: {
        ...content,
        title: 'Eisteddfod 2025',
        intro: 'Welcome to Online Eisteddfod 2025! More than 40 schools since 2020.',
        faq: [{ question: 'When do entries close?', answer: 'On 20 April 2025, at midnight.' }],
      },
    })
    .where(eq(events.id, t.eventId));
  const [first, second] = await db.select().from(items).where(eq(items.eventId, t.eventId));
  await db
    .update(items)
    .set({ description: 'The theme of Online Eisteddfod 2025 is water.' })
    .where(eq(items.id, first!.id));
  await db
    .update(items)
    .set({ shortDescription: 'Solo from the 2025 set list' })
    .where(eq(items.id, second!.id));
});
afterAll(() => t.close());

describe("a copied event's year", () => {
  let copy: StaffEvent;

  it('says the new year where the year is the event’s own, and lists the rest', async () => {
    const res = await organiser.call('POST', `/api/Staff/Events/${t.eventId}/Copy`, {
      name: 'Online Eisteddfod 2026',
      year: 2026,
      shiftDays: 364,
    });
    expect(res.statusCode, res.body).toBe(201);
    copy = res.json<StaffEvent>();
    expect(copy.copiedFromYear).toBe(2025);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, copy.id));
    const content = row!.content as { title: string; intro: string };
    // A title names the event's year; the event's name, wherever it stands, is the event.
    expect(content.title).toBe('Eisteddfod 2026');
    expect(content.intro).toBe(
      'Welcome to Online Eisteddfod 2026! More than 40 schools since 2020.',
    );
    const copiedItems = await t.database.db.select().from(items).where(eq(items.eventId, copy.id));
    expect(copiedItems.map((i) => i.description)).toContain(
      'The theme of Online Eisteddfod 2026 is water.',
    );
    // A date and a set list may be last year's on purpose: the organiser decides.
    expect(copy.oldYearTexts.map((x) => [x.place, x.excerpt])).toEqual([
      ['content', 'On 20 April 2025, at midnight.'],
      ['catalogue', 'Solo from the 2025 set list'],
    ]);
    expect(copy.oldYearTexts[0]!.field).toBe('FAQ 1, answer');
    expect(copy.oldYearTexts[1]!.field).toMatch(/^Item .+, short description$/);
    // The source itself, not a copy, lists nothing.
    const source = await organiser.call('GET', `/api/Staff/Events/${t.eventId}`);
    expect(source.json<StaffEvent>().oldYearTexts).toEqual([]);
  });

  it('is not made live with texts naming the old year unless the organiser says so', async () => {
    const refused = await organiser.call('POST', `/api/Staff/Events/${copy.id}/MakeLive`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({
      code: 'OLD_YEAR_TEXTS',
      message: expect.stringContaining('2 family-facing texts still name 2025') as string,
    });
    const notAccepted = await organiser.call('POST', `/api/Staff/Events/${copy.id}/MakeLive`, {
      oldYearTextsAccepted: false,
    });
    expect(notAccepted.statusCode).toBe(409);
    const accepted = await organiser.call('POST', `/api/Staff/Events/${copy.id}/MakeLive`, {
      oldYearTextsAccepted: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const live = accepted.json<StaffEvents>().events.find((e) => e.isLive);
    expect(live?.id).toBe(copy.id);
  });

  it('goes live without asking once nothing names the old year', async () => {
    const res = await organiser.call('POST', `/api/Staff/Events/${t.eventId}/Copy`, {
      name: 'Online Eisteddfod 2027',
      year: 2027,
      shiftDays: 728,
    });
    const next = res.json<StaffEvent>();
    // Copied from 2026: its texts name 2025, not the year it was copied from.
    expect(next.copiedFromYear).toBe(2025);
    await t.database.db.update(events).set({ copiedFromYear: 2026 }).where(eq(events.id, next.id));
    const made = await organiser.call('POST', `/api/Staff/Events/${next.id}/MakeLive`);
    expect(made.statusCode, made.body).toBe(200);
  });
});

describe('carryOver', () => {
  const change = {
    oldName: 'Eisteddfod 2025',
    newName: 'Eisteddfod 2026',
    oldYear: 2025,
    newYear: 2026,
  };
  it('changes the year in a title but never inside a longer number', () => {
    expect(carryOver('Gala 2025', change, true)).toBe('Gala 2026');
    expect(carryOver('Call 020251234', change, true)).toBe('Call 020251234');
    expect(carryOver('Gala 2025', change)).toBe('Gala 2025');
    expect(carryOver('Eisteddfod 2025 and 2025', change)).toBe('Eisteddfod 2026 and 2025');
  });

  it('writes a new name with a $ in it as typed (security review)', () => {
    const dollars = { ...change, newName: 'Eisteddfod $& 2026' };
    expect(carryOver('Welcome to Eisteddfod 2025!', dollars)).toBe(
      'Welcome to Eisteddfod $& 2026!',
    );
  });
});
