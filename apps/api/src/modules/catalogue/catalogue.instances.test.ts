import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { items } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // A long cache, as in production, so only the announcement can refresh the other instance.
  t = await createTestApp({ env: { CATALOGUE_CACHE_SECONDS: '3600' } });
});
afterAll(async () => {
  await t.close();
});

const priceSeenBy = async (app: TestApp['app'], itemId: number) =>
  (await app.catalogue.findItem(t.eventId, itemId))?.price;

it("drops every instance's catalogue snapshot when one instance announces a change", async () => {
  const other = await t.anotherInstance();
  const [item] = await t.database.db.select().from(items).limit(1);
  const before = await priceSeenBy(other, item!.id);
  expect(await priceSeenBy(t.app, item!.id)).toBe(before);

  await t.database.db
    .update(items)
    .set({ priceCents: item!.priceCents + 100 })
    .where(eq(items.id, item!.id));
  // Cached: neither instance has read the change yet.
  expect(await priceSeenBy(other, item!.id)).toBe(before);

  t.app.catalogue.invalidate(t.eventId);
  const until = Date.now() + 5000;
  let seen = before;
  while (seen === before && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    seen = await priceSeenBy(other, item!.id);
  }
  expect(seen).not.toBe(before);
  expect(await priceSeenBy(t.app, item!.id)).toBe(seen);
});

it('serves the event an organiser makes live, on this instance at once and on the others within seconds', async () => {
  const other = await t.anotherInstance();
  expect(await other.catalogue.currentEventId()).toBe(t.eventId);
  expect(await t.app.catalogue.currentEventId()).toBe(t.eventId);

  const organiser = await createStaff(t, 'organiser');
  const next = await t.app.events.copy(organiser.id, t.eventId, {
    name: 'Next',
    year: 2026,
    shiftDays: 364,
  });
  // Cached: the copy is not live, and neither instance asks again.
  expect(await other.catalogue.currentEventId()).toBe(t.eventId);
  await t.app.events.makeLive(organiser.id, next.id);
  expect(await t.app.catalogue.currentEventId()).toBe(next.id);
  const until = Date.now() + 5000;
  let served = await other.catalogue.currentEventId();
  while (served !== next.id && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    served = await other.catalogue.currentEventId();
  }
  expect(served).toBe(next.id);
});
