import { CHECKOUT_TEXT, OrderSchema, type Item } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wordsOf } from '../../lib/messages.ts';
import { customers, groupParticipants, orders, payments } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems, groupMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const BEFORE_LATE = '2025-04-01T10:00:00.000Z';
let t: TestApp;
let catalogue: Item[];

beforeAll(async () => {
  t = await createTestApp({ now: BEFORE_LATE });
  // The items the test families' Grade 5 contestants and Grade 6 members may enter.
  catalogue = await catalogueItems(t);
});
afterAll(() => t.close());
beforeEach(() => t.setNow(BEFORE_LATE));

const individual = () =>
  catalogue.find(
    (i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance',
  )!;
const group = () =>
  catalogue.find(
    (i) => i.isGroupItem && i.minimumParticipants >= 3 && i.maximumParticipants >= 12,
  )!;
const member = groupMember;

/** A family with a cart of one individual and one group item of `members` members. */
async function familyWithCart(members = group().minimumParticipants) {
  const f = await createFamily(t);
  const cart = await f.openCart();
  const profile = await f.addContestant();
  await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: individual().id,
    participantProfileId: profile,
  });
  const g = (
    await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: group().id,
      participantProfileId: profile,
    })
  ).json<{ id: number }>();
  const update = await f.call(
    'POST',
    `/api/OrderItems/${g.id}/UpdateGroupParticipants`,
    Array.from({ length: members }, (_, k) => member(k)),
  );
  if (update.statusCode !== 200) throw new Error(update.body);
  const email = `pay.${Date.now()}@example.org`;
  return { f, cart, email, groupItemId: g.id };
}

async function paymentLink(
  f: Awaited<ReturnType<typeof createFamily>>,
  cart: number,
  email: string,
  whatsapp = false,
) {
  return f.call(
    'GET',
    `/api/Orders/${cart}/PaymentLink/${encodeURIComponent(email)}?sendWhatsAppConfirmation=${whatsapp}`,
  );
}

/** Follows the link to the sandbox page and presses Pay, as the browser would. */
async function payOnSandbox(link: string) {
  const url = new URL(link, 'http://site.invalid');
  const page = await t.app.inject({ url: url.pathname + url.search });
  expect(page.statusCode).toBe(200);
  const action = /action="([^"]+\/pay\?[^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
  const paid = await t.app.inject({ method: 'POST', url: action! });
  expect(paid.statusCode).toBe(303);
  return { page, paid };
}

const orderOf = async (f: Awaited<ReturnType<typeof createFamily>>, id: number) =>
  OrderSchema.parse((await f.call('GET', `/api/Orders/${id}`)).json());

describe('checkout checks, in the spec order', () => {
  it('refuses an empty cart', async () => {
    const f = await createFamily(t);
    const cart = await f.openCart();
    const res = await paymentLink(f, cart, 'a@b.co');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'EMPTY_CART' });
  });

  it('wants complete group details first', async () => {
    const { f, cart, email, groupItemId } = await familyWithCart();
    // Fewer members than the minimum, behind the API's back (as after a catalogue change).
    await t.database.db
      .delete(groupParticipants)
      .where(eq(groupParticipants.orderItemId, groupItemId));
    const res = await paymentLink(f, cart, 'not-an-email');
    expect(res.json()).toMatchObject({ message: wordsOf(CHECKOUT_TEXT.say('groupDetails')) });
    expect(email).toBeTruthy();
  });

  it('then no items past their deadline', async () => {
    t.setNow('2025-04-24T21:00:00Z');
    const { f, cart, email } = await familyWithCart();
    t.setNow('2025-04-24T22:00:00.001Z');
    expect((await paymentLink(f, cart, email)).json()).toMatchObject({
      message: wordsOf(CHECKOUT_TEXT.say('deadlinePassed')),
    });
  });

  it('then a valid email address', async () => {
    const { f, cart } = await familyWithCart();
    expect((await paymentLink(f, cart, 'not-an-email')).json()).toMatchObject({
      message: wordsOf(CHECKOUT_TEXT.say('email')),
    });
  });

  it('needs a mobile number on the account for a WhatsApp confirmation', async () => {
    const { f, cart, email } = await familyWithCart();
    const res = await paymentLink(f, cart, email, true);
    expect(res.json()).toMatchObject({ message: wordsOf(CHECKOUT_TEXT.say('mobile')) });
  });
});

describe('a WhatsApp confirmation (decision 031)', () => {
  it('goes only to a mobile number the family proved; an unproved one gets nothing', async () => {
    const { f, cart, email } = await familyWithCart();
    // Typed, never proved with a pin: it may be anyone's number.
    await t.database.db
      .update(customers)
      .set({ mobileNumber: '0829876543' })
      .where(eq(customers.id, f.id));
    const link = await paymentLink(f, cart, email, true);
    expect(link.statusCode, link.body).toBe(200);
    await payOnSandbox(link.json<{ link: string }>().link);
    expect(await t.app.outbox.findByRecipient('+27829876543')).toEqual([]);
    const mail = await t.app.outbox.findByRecipient(email);
    expect(mail.map((m) => m.subject)).toContainEqual(expect.stringMatching(/confirmed/));
  });

  it('goes to a number the family added at checkout with its pin (decision 050)', async () => {
    const { f, cart, email } = await familyWithCart();
    const contact = (method: 'POST' | 'PUT', body: object) =>
      f.call(method, `/api/Customers/${f.id}/ContactPin`, { contact: 'mobileNumber', ...body });
    const sent = await contact('POST', { mobileNumber: '0827654321' });
    expect(sent.statusCode, sent.body).toBe(200);
    const [pinMessage] = await t.app.outbox.findByRecipient('+27827654321');
    const pin = /\b(\d{6})\b/.exec(pinMessage?.body ?? '')?.[1];
    expect((await contact('PUT', { pin, mobileNumber: '0827654321' })).json()).toBe(true);

    const link = await paymentLink(f, cart, email, true);
    expect(link.statusCode, link.body).toBe(200);
    await payOnSandbox(link.json<{ link: string }>().link);
    const whatsApp = await t.app.outbox.findByRecipient('+27827654321');
    expect(whatsApp.map((m) => [m.channel, m.body])).toContainEqual([
      'whatsapp',
      expect.stringMatching(/payment of R .* received for order .*Your entries are confirmed/),
    ]);
  });
});

describe('pricing on the server', () => {
  it('charges R160 + R250 for a small group, and R350 from 10 members, whatever the client sent', async () => {
    const small = await familyWithCart(group().minimumParticipants);
    const link = await paymentLink(small.f, small.cart, small.email);
    expect(link.statusCode, link.body).toBe(200);
    expect((await orderOf(small.f, small.cart)).totalPrice).toBe(16000 + 25000);
    const large = await familyWithCart(10);
    await paymentLink(large.f, large.cart, large.email);
    expect((await orderOf(large.f, large.cart)).totalPrice).toBe(16000 + 35000);
  });

  it('adds the 50% late-entry surcharge from the late-entry date', async () => {
    t.setNow('2025-04-21T08:00:00Z');
    const { f, cart, email } = await familyWithCart();
    const res = await paymentLink(f, cart, email);
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderOf(f, cart);
    expect(order.totalPrice).toBe((16000 + 25000) * 1.5);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, cart));
    expect(row).toMatchObject({
      subtotalCents: 41000,
      surchargeCents: 20500,
      totalCents: 61500,
      status: 'awaiting_payment',
    });
  });
});

describe('paying', () => {
  it('marks the order paid only through the signed notification; the return URL does nothing', async () => {
    const { f, cart, email } = await familyWithCart();
    const { link } = (await paymentLink(f, cart, email)).json<{ link: string }>();
    expect(link).toContain(`/api/payments/sandbox/${cart}?`);
    const confirmation = await t.app.inject({ url: `/confirmation/${cart}` });
    expect(confirmation.statusCode).toBe(404);
    expect((await orderOf(f, cart)).status).toBe('awaiting_payment');
    const { page, paid } = await payOnSandbox(link);
    expect(page.body).toContain('R 410.00');
    expect(paid.headers.location).toBe(`/confirmation/${cart}`);
    const order = await orderOf(f, cart);
    expect(order.status).toBe('paid');
    expect(order.completedDateTime).not.toBeNull();
    await t.app.outbox.settle();
    const [mail] = await t.app.outbox.findByRecipient(email);
    expect(mail?.subject).toContain('confirmed');
    expect(mail?.body).toContain('R 410.00');
    // The paid cart is closed: the next visit starts a new one.
    expect(await f.openCart()).not.toBe(cart);
    const list = (await f.call('GET', `/api/Customers/${f.id}/Orders`)).json<
      { id: number; status: string }[]
    >();
    expect(list.map((o) => [o.id, o.status])).toEqual([[cart, 'paid']]);
  });

  it('ignores notifications with a bad signature, a wrong amount, or a replayed payment id', async () => {
    const { f, cart, email } = await familyWithCart();
    await paymentLink(f, cart, email);
    const notify = async (fields: [string, string][], sign = true) => {
      const body = new URLSearchParams(
        sign
          ? t.app.payments.signSandboxNotification(fields)
          : [...fields, ['signature', 'x'.repeat(64)]],
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/notify',
        payload: body.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(200);
      await t.app.payments.settle();
    };
    const fields = (id: string, amount: string): [string, string][] => [
      ['m_payment_id', String(cart)],
      ['pf_payment_id', id],
      ['payment_status', 'COMPLETE'],
      ['amount_gross', amount],
    ];
    await notify(fields('SBX-forged', '410.00'), false);
    expect((await orderOf(f, cart)).status).toBe('awaiting_payment');
    await notify(fields('SBX-cheap', '1.00'));
    expect((await orderOf(f, cart)).status).toBe('awaiting_payment');
    const recorded = await t.database.db.select().from(payments).where(eq(payments.orderId, cart));
    expect(recorded.map((p) => p.status)).toEqual(['amount_mismatch']);
    await notify(fields('SBX-cheap', '410.00'));
    expect((await orderOf(f, cart)).status).toBe('awaiting_payment');
    await notify(fields('SBX-good', '410.00'));
    expect((await orderOf(f, cart)).status).toBe('paid');
  });

  it('credits fifty simultaneous copies of one valid notification once', async () => {
    const { f, cart, email } = await familyWithCart();
    await paymentLink(f, cart, email);
    const body = new URLSearchParams(
      t.app.payments.signSandboxNotification([
        ['m_payment_id', String(cart)],
        ['pf_payment_id', 'SBX-once'],
        ['payment_status', 'COMPLETE'],
        ['amount_gross', '410.00'],
      ]),
    ).toString();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/sandbox/notify',
          payload: body,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    await t.app.payments.settle();
    const recorded = await t.database.db.select().from(payments).where(eq(payments.orderId, cart));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.status).toBe('credited');
    await t.app.outbox.settle();
    expect(await t.app.outbox.findByRecipient(email)).toHaveLength(1);
  });

  it('reopens a checked-out order as a cart when it changes, and the old link stops working', async () => {
    const { f, cart, email, groupItemId } = await familyWithCart();
    const { link } = (await paymentLink(f, cart, email)).json<{ link: string }>();
    await f.call(
      'POST',
      `/api/OrderItems/${groupItemId}/UpdateGroupParticipants`,
      Array.from({ length: 10 }, (_, k) => member(k)),
    );
    expect((await orderOf(f, cart)).status).toBe('cart');
    const url = new URL(link, 'http://site.invalid');
    const expired = await t.app.inject({ url: url.pathname + url.search });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toBe(
      '<!doctype html><title>Payment</title><p>This payment link has expired or is not valid. Please go back to your cart.</p>',
    );
    const again = (await paymentLink(f, cart, email)).json<{ link: string }>();
    await payOnSandbox(again.link);
    expect(await orderOf(f, cart)).toMatchObject({ status: 'paid', totalPrice: 16000 + 35000 });
  });
});

describe("another customer's orders", () => {
  it('answer 404 for the payment link and the order list', async () => {
    const a = await familyWithCart();
    const b = await createFamily(t);
    expect((await paymentLink(b, a.cart, b.id + '@x.co')).statusCode).toBe(404);
    expect((await b.call('GET', `/api/Customers/${a.f.id}/Orders`)).statusCode).toBe(404);
    expect(
      (await b.call('GET', `/api/Orders/${a.cart}/payment-link-email?email=x%40y.co`)).statusCode,
    ).toBe(404);
  });
});

describe("the pay page's Cancel", () => {
  it('returns to checkout, which then says the payment was cancelled', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/1/cancel' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/checkout?payment=cancelled');
  });
});
