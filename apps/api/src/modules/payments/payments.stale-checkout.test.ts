import { type Item } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { notifyPayment } from '../../test/payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Security review of issue 30 (M1): a checkout froze the price and the deadlines of its day, and
 * its pay link and the provider's notification stayed good for ever, so a family could check out
 * before the late-entry surcharge (21 April in the demo) and pay weeks later, past the items' due
 * date (24 April), at the old price. A checkout now holds for the event day it was made on.
 */
let t: TestApp;
let item: Item;
beforeAll(async () => {
  t = await createTestApp({ now: '2025-04-01T10:00:00.000Z' });
  item = (await catalogueItems(t)).find(
    (i) => !i.isGroupItem && !i.requiresAnInstrument && i.dueDate === '2025-04-24',
  )!;
});
afterAll(() => t.close());

async function checkedOut(at: string) {
  t.setNow(at);
  const f = await createFamily(t);
  const cart = await f.openCart();
  await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: item.id,
    participantProfileId: await f.addContestant(),
  });
  const res = await f.call('GET', `/api/Orders/${cart}/PaymentLink/pay%40example.org`);
  expect(res.statusCode, res.body).toBe(200);
  const link = res.json<{ link: string }>().link;
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, cart));
  return { cart, link, totalCents: row!.totalCents! };
}

const notify = (orderId: number, totalCents: number) => notifyPayment(t, orderId, totalCents);

describe('a checkout holds for the day it was made on', () => {
  it('pays on the same day', async () => {
    const { cart, link, totalCents } = await checkedOut('2025-04-01T10:00:00.000Z');
    t.setNow('2025-04-01T21:59:00.000Z'); // 23:59 in Johannesburg
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    expect(await notify(cart, totalCents)).toEqual({ status: 'paid', outcome: 'credited' });
  });

  it('no longer opens its pay page on a later day, when the surcharge or a deadline may apply', async () => {
    const { link } = await checkedOut('2025-04-01T10:00:00.000Z');
    t.setNow('2025-04-26T08:00:00.000Z');
    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Please go back to your cart');
    const pay = await t.app.inject({ method: 'POST', url: link.replace(/\?/, '/pay?') });
    expect(pay.statusCode).toBe(404);
  });

  it("records a provider's late payment for the organiser instead of crediting the old price", async () => {
    const { cart, totalCents } = await checkedOut('2025-04-01T10:00:00.000Z');
    t.setNow('2025-04-26T08:00:00.000Z');
    expect(await notify(cart, totalCents)).toEqual({
      status: 'awaiting_payment',
      outcome: 'checkout_expired',
    });
    // The family is told the money arrived and what happens next, never left waiting.
    const told = await t.app.outbox.findByRecipient('pay@example.org');
    const held = told.find((m) => m.subject.startsWith('We received your payment for order'));
    expect(held?.body).toContain('Your entries are not confirmed yet.');
  });

  it('credits a payment the family began before midnight and the provider reported just after', async () => {
    const { cart, totalCents } = await checkedOut('2025-04-01T21:50:00.000Z');
    t.setNow('2025-04-01T22:20:00.000Z'); // 00:20 on 2 April in Johannesburg
    expect(await notify(cart, totalCents)).toEqual({ status: 'paid', outcome: 'credited' });
  });
});
