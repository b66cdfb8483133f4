import { type Item } from '@eisteddfod/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { groupParticipants, orders, paymentNotifications } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems, groupMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { MailMessage } from '../../providers/mail/mail-transport.ts';
import { NOTIFICATION_BODY_LIMIT, NOTIFICATIONS_PER_MINUTE } from './payments.routes.ts';

/**
 * Issue 13, "Payments and messages": what was priced is what is paid, junk does not fill the
 * notification store, a confirmation survives a crash, and a malformed notification is refused
 * once, not retried for ever.
 */
const NOW = '2025-04-01T10:00:00.000Z';
let t: TestApp;
let items: Item[];

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  items = await catalogueItems(t);
});
afterAll(() => t.close());
beforeEach(() => t.setNow(NOW));

const individual = () => items.find((i) => !i.isGroupItem && !i.requiresAnInstrument)!;
const bigGroup = () =>
  items.find((i) => i.isGroupItem && i.minimumParticipants <= 9 && i.maximumParticipants >= 12)!;

async function cartWith(item: Item, members = 0, on: TestApp = t) {
  const f = await createFamily(on);
  const cart = await f.openCart();
  const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: item.id,
    participantProfileId: await f.addContestant(),
  });
  const orderItemId = added.json<{ id: number }>().id;
  if (members > 0) {
    const res = await f.call(
      'POST',
      `/api/OrderItems/${orderItemId}/UpdateGroupParticipants`,
      Array.from({ length: members }, (_, k) => groupMember(k)),
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  const email = `integrity.${cart}@example.org`;
  const link = () => f.call('GET', `/api/Orders/${cart}/PaymentLink/${encodeURIComponent(email)}`);
  return { f, cart, orderItemId, email, link };
}

const notificationCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(paymentNotifications))[0]!.n;

describe('the price frozen is the price of what is frozen', () => {
  it('refuses with the cart-changed answer when a group grows while the link is made', async () => {
    const { cart, orderItemId, link } = await cartWith(bigGroup(), 9);
    // Three members join (another tab) after the order was read, before it is frozen.
    const catalogue = t.app.catalogue;
    const findItem = catalogue.findItem.bind(catalogue);
    let joined = false;
    catalogue.findItem = async (eventId, itemId) => {
      if (!joined) {
        joined = true;
        await t.database.db
          .insert(groupParticipants)
          .values([9, 10, 11].map((k) => ({ orderItemId, position: k, ...groupMember(k) })));
      }
      return findItem(eventId, itemId);
    };
    try {
      const res = await link();
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CART_CHANGED' });
    } finally {
      catalogue.findItem = findItem;
    }
    // The next attempt prices the twelve members: R350, never R250.
    expect((await link()).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, cart));
    expect(row?.totalCents).toBe(35000);
  });
});

describe('the notification endpoints', () => {
  const notify = (payload: string, ip = '198.51.100.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/notify',
      payload,
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('keep nothing of a body over the cap', async () => {
    const before = await notificationCount();
    // Just under the server's general 1 MB limit: twenty of these once added 20 MB.
    const junk = `m_payment_id=1&signature=x&junk=${'a'.repeat(1000 * 1024)}`;
    for (let k = 0; k < 20; k++) expect((await notify(junk, '198.51.100.8')).statusCode).toBe(413);
    expect(NOTIFICATION_BODY_LIMIT).toBeLessThanOrEqual(16 * 1024);
    expect(await notificationCount()).toBe(before);
  });

  it('keep nothing that cannot be a notification (no payment id or signature)', async () => {
    const before = await notificationCount();
    expect((await notify('hello=world', '198.51.100.9')).statusCode).toBe(400);
    expect(await notificationCount()).toBe(before);
  });

  it('limit each address, and still keep a real notification within the limit', async () => {
    const ip = '198.51.100.10';
    const before = await notificationCount();
    let limited = 0;
    for (let k = 0; k < NOTIFICATIONS_PER_MINUTE + 5; k++) {
      const res = await notify(`m_payment_id=${k + 1}&signature=x`, ip);
      if (res.statusCode === 429) limited++;
      else expect(res.statusCode).toBe(200);
    }
    expect(limited).toBe(5);
    // Each one answered 200 was stored before its answer (its checks run after); none refused was.
    expect(await notificationCount()).toBe(before + NOTIFICATIONS_PER_MINUTE);
    await t.app.payments.settle();
  });
});

describe('a crash between crediting and confirming', () => {
  it('cannot leave a paid order without its confirmation (one transaction)', async () => {
    const { cart, email, link } = await cartWith(individual());
    const { link: url } = (await link()).json<{ link: string }>();
    const page = await t.app.inject({ url });
    const action = /action="([^"]+\/pay\?[^"]+)"/.exec(page.body)![1]!.replaceAll('&amp;', '&');
    // The process "dies" when the confirmation is written: the database refuses the insert.
    await t.database.db.execute(sql`
      create function crash_on_outbox() returns trigger language plpgsql as
        $$ begin raise exception 'process killed'; end $$`);
    await t.database.db.execute(sql`
      create trigger crash_on_outbox before insert on outbox_messages
        for each statement execute function crash_on_outbox()`);
    try {
      await t.app.inject({ method: 'POST', url: action });
      await t.app.payments.settle();
    } finally {
      await t.database.db.execute(sql`drop trigger crash_on_outbox on outbox_messages`);
      await t.database.db.execute(sql`drop function crash_on_outbox()`);
    }
    // Either nothing happened, or both did: never a paid order and no confirmation.
    const [crashed] = await t.database.db.select().from(orders).where(eq(orders.id, cart));
    const mails = async () =>
      (await t.app.outbox.findByRecipient(email)).filter((m) => m.subject.includes('confirmed'));
    expect(crashed?.status === 'paid').toBe((await mails()).length > 0);
    // The stored notification's job is retried after the crash (here at once, and twice, as a
    // retry beside a sweep could): paid, and confirmed exactly once.
    const [notification] = await t.database.db
      .select()
      .from(paymentNotifications)
      .orderBy(desc(paymentNotifications.id))
      .limit(1);
    await t.app.payments.processStored(notification!.id);
    await t.app.payments.processStored(notification!.id);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, cart));
    expect(after?.status).toBe('paid');
    expect(await mails()).toHaveLength(1);
  });

  it('keeps the confirmation queued when the process dies right after the credit, and sends it once after the restart', async () => {
    const sent: MailMessage[] = [];
    const u = await createTestApp({
      now: NOW,
      transports: { mail: { send: async (m) => void sent.push(m), close: () => {} } },
    });
    try {
      const item = (await catalogueItems(u)).find((i) => i.id === individual().id)!;
      const { cart, email, link } = await cartWith(item, 0, u);
      const { link: url } = (await link()).json<{ link: string }>();
      const page = await u.app.inject({ url });
      const action = /action="([^"]+\/pay\?[^"]+)"/.exec(page.body)![1]!.replaceAll('&amp;', '&');
      // The process dies the moment the credit has committed, before anything is delivered.
      u.app.outbox.deliverSoon = () => {
        throw new Error('process killed');
      };
      await u.app.inject({ method: 'POST', url: action });
      await u.app.payments.settle();
      const [paid] = await u.database.db.select().from(orders).where(eq(orders.id, cart));
      expect(paid?.status).toBe('paid');
      const queued = await u.app.outbox.findByRecipient(email);
      expect(queued.filter((m) => m.subject.includes('confirmed'))).toMatchObject([
        { status: 'pending' },
      ]);
      const confirmations = () => sent.filter((m) => m.subject.includes('confirmed'));
      expect(confirmations()).toHaveLength(0);

      await u.restart();
      // What the 30 s retry runs: the queued confirmation goes out, once, whatever runs again.
      u.setNow('2025-04-01T10:05:00.000Z');
      await u.app.outbox.deliverPending();
      await u.app.payments.retryUnprocessed();
      await u.app.outbox.deliverPending();
      await u.app.outbox.settle();
      expect(confirmations()).toMatchObject([{ to: email }]);
    } finally {
      await u.close();
    }
  });
});

describe('a signed notification that cannot be read', () => {
  it.each([
    ['an amount that is not a number', (order: number) => [String(order), 'NaN']],
    ['an order id past the largest id', () => ['99999999999', '160.00']],
  ])('with %s is refused once, recorded, and never retried', async (_, fields) => {
    const { cart, link } = await cartWith(individual());
    expect((await link()).statusCode).toBe(200);
    const [orderId, amount] = fields(cart);
    const signed = t.app.payments.signSandboxNotification([
      ['m_payment_id', orderId!],
      ['pf_payment_id', `SBX-malformed-${cart}`],
      ['payment_status', 'COMPLETE'],
      ['amount_gross', amount!],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/notify',
      payload: new URLSearchParams(signed).toString(),
      remoteAddress: `198.51.100.${20 + (cart % 200)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.payments.settle();
    const row = async () =>
      (
        await t.database.db
          .select()
          .from(paymentNotifications)
          .where(sql`${paymentNotifications.body} like ${`%SBX-malformed-${cart}%`}`)
      )[0]!;
    expect(await row()).toMatchObject({ outcome: 'malformed', attempts: 1 });
    expect((await row()).processedAt).not.toBeNull();
    t.setNow('2025-04-01T11:00:00.000Z');
    await t.app.payments.retryUnprocessed();
    expect((await row()).attempts).toBe(1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, cart));
    expect(order?.status).toBe('awaiting_payment');
  });
});
