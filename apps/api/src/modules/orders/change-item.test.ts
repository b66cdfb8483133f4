import { CHECKOUT_MESSAGES, type Item } from '@eisteddfod/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
    expect(res.json()).toMatchObject({ message: CHECKOUT_MESSAGES.editDeadline });
  });

  it('cannot finalise an entry that is not paid (uploads portal rules: modules/uploads)', async () => {
    const { f, entryId } = await entry();
    const res = await f.call('PUT', `/api/OrderItems/${entryId}`, { submittedForMarking: true });
    expect(res.statusCode).toBe(404);
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
