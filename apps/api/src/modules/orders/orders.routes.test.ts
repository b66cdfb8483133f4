import { CART_TEXT, OrderSchema, type Item } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wordsOf } from '../../lib/messages.ts';
import { items } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems, groupMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const NOW = '2025-04-01T10:00:00.000Z';
let t: TestApp;
let catalogue: Item[];

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  catalogue = await catalogueItems(t);
});
afterAll(() => t.close());
beforeEach(() => t.setNow(NOW));

const find = (test: (i: Item) => boolean) => {
  const item = catalogue.find(test);
  if (!item) throw new Error('no such item in the demo catalogue');
  return item;
};
const individual = () =>
  find((i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance');
const instrumental = () => find((i) => i.requiresAnInstrument);
const group = () =>
  find((i) => i.isGroupItem && i.maximumParticipants >= 12 && i.minimumParticipants >= 3);
const member = groupMember;

describe('the cart', () => {
  it('is one per customer and event, however often it is asked for', async () => {
    const f = await createFamily(t);
    const ids = await Promise.all(Array.from({ length: 5 }, () => f.openCart()));
    expect(new Set(ids).size).toBe(1);
    const order = OrderSchema.parse((await f.call('GET', `/api/Orders/${ids[0]}`)).json());
    expect(order).toMatchObject({
      status: 'cart',
      customerId: f.id,
      totalPrice: 0,
      orderItems: [],
    });
  });

  it('is the order being paid when a family comes back from the pay page and asks again', async () => {
    const f = await createFamily(t);
    const cart = await f.openCart();
    const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: individual().id,
      participantProfileId: await f.addContestant(),
    });
    expect(added.statusCode, added.body).toBe(201);
    const email = (await f.call('GET', `/api/Customers/${f.id}`)).json<{ email: string }>().email;
    const link = await f.call('GET', `/api/Orders/${cart}/PaymentLink/${email}`);
    expect(link.statusCode, link.body).toBe(200);
    // One open order per customer and event (cart or being paid): that one, not a 500.
    const again = await f.call('POST', '/api/Orders', { customerId: f.id, orderItems: [] });
    expect(again.statusCode, again.body).toBe(200);
    expect(OrderSchema.parse(again.json())).toMatchObject({ id: cart, status: 'awaiting_payment' });
  });

  it('adds an item with the server price and removes it', async () => {
    const f = await createFamily(t);
    const cart = await f.openCart();
    const profileId = await f.addContestant();
    const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: individual().id,
      participantProfileId: profileId,
      price: 1,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      price: 16000,
      participantFirstName: 'Ayanda',
      deadlinePassed: false,
    });
    const order = OrderSchema.parse((await f.call('GET', `/api/Orders/${cart}`)).json());
    expect(order.totalPrice).toBe(16000);
    const removed = await f.call(
      'DELETE',
      `/api/Orders/${cart}/order-items/${added.json<{ id: number }>().id}`,
    );
    expect(removed.statusCode).toBe(204);
    expect(
      OrderSchema.parse((await f.call('GET', `/api/Orders/${cart}`)).json()).orderItems,
    ).toEqual([]);
  });
});

describe('rules the server enforces (spec 5)', () => {
  it('needs an instrument for an instrumental item, and counts it in the duplicate rule', async () => {
    const f = await createFamily(t);
    const cart = await f.openCart();
    const profileId = await f.addContestant();
    const item = instrumental();
    const none = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: item.id,
      participantProfileId: profileId,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: wordsOf(CART_TEXT.say('selectInstrument')) });
    const kazoo = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: item.id,
      participantProfileId: profileId,
      instruments: 'Kazoo',
    });
    expect(kazoo.json()).toMatchObject({ message: wordsOf(CART_TEXT.say('selectInstrument')) });
    const piano = {
      itemId: item.id,
      participantProfileId: profileId,
      instruments: 'Piano/Keyboard',
    };
    expect((await f.call('POST', `/api/Orders/${cart}/OrderItems`, piano)).statusCode).toBe(201);
    const again = await f.call('POST', `/api/Orders/${cart}/OrderItems`, piano);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: wordsOf(CART_TEXT.say('duplicateWithInstrument')),
    });
    const guitar = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      ...piano,
      instruments: 'Guitar',
    });
    expect(guitar.statusCode).toBe(201);
  });

  it('applies the duplicate rule of the cart screen (entryKey) to an item outside Music that asks for an instrument', async () => {
    // No such item in the demo catalogue today; an organiser may make one. The rule is the
    // shared one (packages/shared entryKey): outside Music the instrument does not count.
    const item = individual();
    await t.database.db
      .update(items)
      .set({ requiresAnInstrument: true })
      .where(eq(items.id, item.id));
    t.app.catalogue.invalidate();
    try {
      const f = await createFamily(t);
      const cart = await f.openCart();
      const body = { itemId: item.id, participantProfileId: await f.addContestant() };
      const piano = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
        ...body,
        instruments: 'Piano/Keyboard',
      });
      expect(piano.statusCode, piano.body).toBe(201);
      const guitar = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
        ...body,
        instruments: 'Guitar',
      });
      expect(guitar.statusCode).toBe(409);
      expect(guitar.json()).toMatchObject({
        code: 'DUPLICATE_ENTRY',
        message: wordsOf(CART_TEXT.say('duplicate')),
      });
    } finally {
      await t.database.db
        .update(items)
        .set({ requiresAnInstrument: false })
        .where(eq(items.id, item.id));
      t.app.catalogue.invalidate();
    }
  });

  it('refuses the same item twice for a contestant outside Music, whatever the instrument', async () => {
    const f = await createFamily(t);
    const cart = await f.openCart();
    const profileId = await f.addContestant();
    const body = { itemId: individual().id, participantProfileId: profileId };
    expect((await f.call('POST', `/api/Orders/${cart}/OrderItems`, body)).statusCode).toBe(201);
    const again = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      ...body,
      instruments: 'Drums',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: wordsOf(CART_TEXT.say('duplicate')) });
    const otherChild = await f.addContestant({ firstName: 'Sipho' });
    expect(
      (
        await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
          ...body,
          participantProfileId: otherChild,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('leaves exactly one entry after twenty simultaneous adds', async () => {
    const f = await createFamily(t);
    const cart = await f.openCart();
    const profileId = await f.addContestant();
    const body = { itemId: individual().id, participantProfileId: profileId };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => f.call('POST', `/api/Orders/${cart}/OrderItems`, body)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(
      OrderSchema.parse((await f.call('GET', `/api/Orders/${cart}`)).json()).orderItems,
    ).toHaveLength(1);
  });

  it('refuses an item past its deadline, at 23:59:59.999 plus one millisecond in Johannesburg', async () => {
    t.setNow('2025-04-21T20:00:00.000Z');
    const f = await createFamily(t);
    const cart = await f.openCart();
    const profileId = await f.addContestant();
    const item = find((i) => i.category.section === 'Visual Arts & Design' && !i.isGroupItem);
    t.setNow('2025-04-21T21:59:59.999Z');
    const inTime = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: item.id,
      participantProfileId: profileId,
    });
    expect(inTime.statusCode).toBe(201);
    const other = find(
      (i) => i.category.section === 'Visual Arts & Design' && !i.isGroupItem && i.id !== item.id,
    );
    t.setNow('2025-04-21T22:00:00.000Z');
    const late = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: other.id,
      participantProfileId: profileId,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'DEADLINE_PASSED' });
    const order = OrderSchema.parse((await f.call('GET', `/api/Orders/${cart}`)).json());
    expect(order.orderItems[0]?.deadlinePassed).toBe(true);
  });

  it('keeps group sizes within the minimum and maximum and prices 9 and 10 members', async () => {
    const f = await createFamily(t);
    const cart = await f.openCart();
    const profileId = await f.addContestant();
    const item = group();
    const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: item.id,
      participantProfileId: profileId,
      groupName: 'The Jacarandas',
    });
    expect(added.json()).toMatchObject({
      groupInformationNeeded: true,
      price: 25000,
      groupName: 'The Jacarandas',
    });
    expect(
      added.json<{ groupParticipants: { firstName: string }[] }>().groupParticipants[0]?.firstName,
    ).toBe('Ayanda');
    const id = added.json<{ id: number }>().id;
    const update = (count: number) =>
      f.call(
        'POST',
        `/api/OrderItems/${id}/UpdateGroupParticipants`,
        Array.from({ length: count }, (_, k) => member(k)),
      );
    expect((await update(item.minimumParticipants - 1)).statusCode).toBe(400);
    expect((await update(item.maximumParticipants + 1)).statusCode).toBe(400);
    const atMin = await update(item.minimumParticipants);
    expect(atMin.statusCode).toBe(200);
    expect(atMin.json()).toMatchObject({ groupInformationNeeded: false });
    expect((await update(item.maximumParticipants)).statusCode).toBe(200);
    expect((await update(9)).json()).toMatchObject({ price: 25000 });
    expect((await update(10)).json()).toMatchObject({ price: 35000 });
    const incomplete = await f.call('POST', `/api/OrderItems/${id}/update-group-participants`, [
      ...Array.from({ length: item.minimumParticipants - 1 }, (_, k) => member(k)),
      { ...member(99), grade: '' },
    ]);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ message: wordsOf(CART_TEXT.say('groupDetails')) });
  });

  it('refuses changes to an order that is no longer a cart', async () => {
    const f = await createFamily(t);
    const cart = await f.openCart();
    const profileId = await f.addContestant();
    const { orders } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, cart));
    const res = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: individual().id,
      participantProfileId: profileId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_A_CART' });
    expect(await f.openCart()).not.toBe(cart);
  });
});

describe("another customer's orders answer 404", () => {
  it('for the order, adding, removing and group members, and their contestants cannot be used', async () => {
    const a = await createFamily(t);
    const b = await createFamily(t);
    const cartA = await a.openCart();
    const profileA = await a.addContestant();
    const entry = (
      await a.call('POST', `/api/Orders/${cartA}/OrderItems`, {
        itemId: group().id,
        participantProfileId: profileA,
      })
    ).json<{ id: number }>();
    const item = { itemId: individual().id, participantProfileId: profileA };
    expect((await b.call('GET', `/api/Orders/${cartA}`)).statusCode).toBe(404);
    expect((await b.call('POST', `/api/Orders/${cartA}/OrderItems`, item)).statusCode).toBe(404);
    expect((await b.call('DELETE', `/api/Orders/${cartA}/OrderItems/${entry.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await b.call('POST', `/api/OrderItems/${entry.id}/UpdateGroupParticipants`, [member(1)]))
        .statusCode,
    ).toBe(404);
    const cartB = await b.openCart();
    expect((await b.call('POST', `/api/Orders/${cartB}/OrderItems`, item)).statusCode).toBe(404);
    expect((await b.call('DELETE', `/api/Orders/${cartB}/OrderItems/${entry.id}`)).statusCode).toBe(
      404,
    );
    expect((await b.call('POST', '/api/Orders', { customerId: a.id })).statusCode).toBe(400);
    expect(
      OrderSchema.parse((await a.call('GET', `/api/Orders/${cartA}`)).json()).orderItems,
    ).toHaveLength(1);
  });
});
