import { addDays, wallClockInstant, type Item, type ReminderCampaign } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orderItemUploads, orders } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

// Decision 044: before each due date, a reminder goes out by itself to every family with a
// complete entry of that day not finalised: the one step a parent most often stops short of.
const START = '2025-04-01T10:00:00Z';
let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let first: Item;
let second: Item;
let timeZone: string;

beforeAll(async () => {
  t = await createTestApp({ now: START });
  organiser = await createStaff(t, 'organiser');
  const solo = (await catalogueItems(t)).filter((i) => !i.isGroupItem && !i.requiresAnInstrument);
  const dates = [...new Set(solo.map((i) => i.dueDate))].sort();
  first = solo.find((i) => i.dueDate === dates[0])!;
  second = solo.find((i) => i.dueDate === dates[1])!;
  timeZone = (await t.app.catalogue.getEvent(t.eventId)).timeZone;
});
afterAll(() => t.close());

/** A family with one paid entry of `item` holding its main file; finalised when asked. */
async function completeEntry(item: Item, finalised = false) {
  const f = await createFamily(t);
  const cart = await f.openCart();
  const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: item.id,
    participantProfileId: await f.addContestant(),
  });
  expect(added.statusCode, added.body).toBe(201);
  const id = added.json<{ id: number }>().id;
  const db = t.database.db;
  await db.update(orders).set({ status: 'paid' }).where(eq(orders.id, cart));
  await db.insert(orderItemUploads).values({
    orderItemId: id,
    fileName: `${id}_performance.mp4`,
    originalFileName: 'performance.mp4',
    storageKey: `entries/${id}/performance.mp4`,
    uploadType: 2,
    sizeInBytes: 1000,
    isPrimaryFile: true,
    isVideo: true,
  });
  if (finalised)
    await db
      .update(orderItems)
      .set({ isSubmittedForMarking: true, submittedForMarkingAt: new Date() })
      .where(eq(orderItems.id, id));
  return f;
}

const reminders = async (to: string) =>
  (
    await (
      await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })
    ).json<{ subject: string; body: string }[]>()
  ).filter((m) => m.body.includes('To stop reminders'));
const automatic = async () =>
  (await organiser.call('GET', '/api/Staff/Reminders'))
    .json<ReminderCampaign[]>()
    .filter((c) => c.automatic);
const forDay = async (dueDate: string) => (await automatic()).find((c) => c.dueDate === dueDate)!;
/** 09:00 in the event's time zone, two days before the due date. */
const plannedFor = (dueDate: string) =>
  wallClockInstant(addDays(dueDate, -2), timeZone, [9]).toISOString();
const moveTo = async (iso: string) => {
  t.setNow(iso);
  organiser = await createStaff(t, 'organiser');
};

describe('the reminder before each deadline (decision 044)', () => {
  it('is planned once per due date and goes, two days before at 09:00, to that day’s unfinalised entries', async () => {
    const waiting = await completeEntry(first);
    const done = await completeEntry(first, true);
    const later = await completeEntry(second);
    await t.app.reminders.sendDue();
    // Again, and from a second instance: still one plan per day.
    await t.app.reminders.sendDue();
    const other = await t.anotherInstance();
    await other.reminders.sendDue();
    const planned = await automatic();
    const days = planned.map((c) => c.dueDate);
    expect(new Set(days).size).toBe(days.length);
    expect(days).toEqual(expect.arrayContaining([first.dueDate, second.dueDate]));
    expect(await forDay(first.dueDate)).toMatchObject({
      kind: 'not_finalised',
      channels: ['email'],
      status: 'scheduled',
      sendAt: plannedFor(first.dueDate),
    });

    await moveTo(new Date(Date.parse(plannedFor(first.dueDate)) - 60_000).toISOString());
    await t.app.reminders.sendDue();
    expect(await reminders(waiting.email)).toEqual([]);

    await moveTo(new Date(Date.parse(plannedFor(first.dueDate)) + 30_000).toISOString());
    await t.app.reminders.sendDue();
    await t.app.reminders.sendDue();
    const sent = await reminders(waiting.email);
    expect(sent.map((m) => m.subject)).toEqual(['Your entries are complete but not finalised']);
    expect(sent[0]!.body).toContain(first.code);
    expect(await reminders(done.email)).toEqual([]);
    // Due on another day: its own reminder, later.
    expect(await reminders(later.email)).toEqual([]);
    expect(await forDay(first.dueDate)).toMatchObject({ status: 'sent', families: 1 });
  });

  it('stays cancelled once an organiser cancels it', async () => {
    const f = await completeEntry(second);
    const plan = await forDay(second.dueDate);
    const cancelled = await organiser.call('POST', `/api/Staff/Reminders/${plan.id}/Cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await moveTo(new Date(Date.parse(plannedFor(second.dueDate)) + 30_000).toISOString());
    await t.app.reminders.sendDue();
    expect(await reminders(f.email)).toEqual([]);
    expect((await automatic()).filter((c) => c.dueDate === second.dueDate)).toMatchObject([
      { status: 'cancelled' },
    ]);
  });
});
