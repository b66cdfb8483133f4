import { CART_TEXT, CHECKOUT_TEXT, type Item } from '@eisteddfod/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wordsOf } from '../../lib/messages.ts';
import { items as itemsTable } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const NOW = '2025-04-01T10:00:00.000Z';
let t: TestApp;
let items: Item[];

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  items = await catalogueItems(t);
});
afterAll(() => t.close());
beforeEach(() => t.setNow(NOW));

const danceSolos = () => items.filter((i) => i.category.section === 'Dance' && !i.isGroupItem);
const danceGroup = () => items.find((i) => i.category.section === 'Dance' && i.isGroupItem)!;
const dramaSolo = () =>
  items.find((i) => i.category.section === 'Dramatic Arts' && !i.isGroupItem)!;

async function entry() {
  const f = await createFamily(t);
  const cart = await f.openCart();
  const profile = await f.addContestant();
  const [first] = danceSolos();
  const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: first!.id,
    participantProfileId: profile,
  });
  return { f, cart, profile, entryId: added.json<{ id: number }>().id };
}

describe('changing the item of an entry (View Order)', () => {
  it('moves to another item of the same section and kind', async () => {
    const { f, entryId } = await entry();
    const other = danceSolos()[1]!;
    const res = await f.call('PUT', `/api/OrderItems/${entryId}`, {
      itemId: other.id,
      externalCollectionId: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ itemCode: other.code, price: 16000 });
  });

  it('refuses another section or kind', async () => {
    const { f, entryId } = await entry();
    for (const target of [dramaSolo(), danceGroup()]) {
      const res = await f.call('PUT', `/api/OrderItems/${entryId}`, { itemId: target.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ITEM_NOT_COMPARABLE' });
    }
  });

  it('is closed after the end of the due date, with the spec message', async () => {
    t.setNow('2025-04-24T21:00:00Z');
    const { f, entryId } = await entry();
    t.setNow('2025-04-24T22:00:00.000Z');
    const res = await f.call('PUT', `/api/OrderItems/${entryId}`, { itemId: danceSolos()[1]!.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: wordsOf(CHECKOUT_TEXT.say('editDeadline')) });
  });

  it('cannot finalise an entry that is not paid (uploads portal rules: modules/uploads)', async () => {
    const { f, entryId } = await entry();
    const res = await f.call('PUT', `/api/OrderItems/${entryId}`, { submittedForMarking: true });
    expect(res.statusCode).toBe(404);
  });

  it('applies the duplicate rule of the cart screen (entryKey) to the item it moves to', async () => {
    // Two Dance solos that ask for an instrument (an organiser may make such items): outside
    // Music the instrument does not count (packages/shared entryKey), so moving the Guitar entry
    // onto the item the same contestant entered with a Piano makes a duplicate, which the unique
    // index (instrument included) would let through.
    const [first, second] = danceSolos();
    const ids = [first!.id, second!.id];
    await t.database.db
      .update(itemsTable)
      .set({ requiresAnInstrument: true })
      .where(inArray(itemsTable.id, ids));
    t.app.catalogue.invalidate();
    try {
      const f = await createFamily(t);
      const cart = await f.openCart();
      const participantProfileId = await f.addContestant();
      const add = (itemId: number, instruments: string) =>
        f.call('POST', `/api/Orders/${cart}/OrderItems`, {
          itemId,
          participantProfileId,
          instruments,
        });
      expect((await add(first!.id, 'Piano/Keyboard')).statusCode).toBe(201);
      const guitar = await add(second!.id, 'Guitar');
      expect(guitar.statusCode, guitar.body).toBe(201);
      const res = await f.call('PUT', `/api/OrderItems/${guitar.json<{ id: number }>().id}`, {
        itemId: first!.id,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'DUPLICATE_ENTRY',
        message: wordsOf(CART_TEXT.say('duplicate')),
      });
    } finally {
      await t.database.db
        .update(itemsTable)
        .set({ requiresAnInstrument: false })
        .where(inArray(itemsTable.id, ids));
      t.app.catalogue.invalidate();
    }
  });

  it("answers 404 for another customer's entry", async () => {
    const { entryId } = await entry();
    const other = await createFamily(t);
    const res = await other.call('PUT', `/api/OrderItems/${entryId}`, {
      itemId: danceSolos()[1]!.id,
    });
    expect(res.statusCode).toBe(404);
  });
});
