import {
  describeDate,
  entryDates,
  LedgerMovementSchema,
  NotificationsPageSchema,
  OrderSchema,
  PaymentsPageSchema,
  type Item,
} from '@eisteddfod/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerMovements, orders, payments } from '../../db/schema/index.ts';
import { wordsOf } from '../../lib/messages.ts';
import { createFamily } from '../../test/family.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';
import { checkOut, familyWithCart, plainItem } from './payment-ledger.test-helpers.ts';

const BEFORE_LATE = '2025-04-01T10:00:00.000Z';
let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let item: Item;

beforeAll(async () => {
  t = await createTestApp({ now: BEFORE_LATE });
  organiser = await createStaff(t, 'organiser');
  item = await plainItem(t);
});
afterAll(() => t.close());

const transfer = (reference: string, amountCents = 16000) => ({
  method: 'bank_transfer',
  reference,
  receivedOn: '2025-03-30',
  amountCents,
});
const record = (orderId: number, body: unknown) =>
  organiser.call('POST', `/api/Staff/Orders/${orderId}/ManualPayments`, body);
const adjust = (orderId: number, body: unknown) =>
  organiser.call('POST', `/api/Staff/Orders/${orderId}/Adjustments`, body);
const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
/** A signed sandbox notification that `orderId` was paid R160, as the provider posts it. */
async function providerNotification(orderId: number, paymentId: string) {
  const signed = t.app.payments.signSandboxNotification([
    ['m_payment_id', String(orderId)],
    ['pf_payment_id', paymentId],
    ['amount_gross', '160.00'],
    ['payment_status', 'COMPLETE'],
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(signed).toString(),
  });
  expect(res.statusCode).toBe(200);
}

/** The payment confirmations sent to `email` (not the sign-in codes). */
const outboxFor = async (email: string) =>
  (await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` }))
    .json<{ subject: string; body: string }[]>()
    .filter((m) => m.subject.startsWith('Your entries are confirmed'));

describe('recording a bank transfer', () => {
  it('pays an unpaid cart: priced as at checkout, imported, the family confirmed, audited', async () => {
    const { f, cart, email } = await familyWithCart(t, item);
    const res = await record(cart, transfer('FNB 30/03 ABC123'));
    expect(res.statusCode, res.body).toBe(201);
    const movement = LedgerMovementSchema.parse(res.json());
    expect(movement).toMatchObject({
      kind: 'manual_payment',
      method: 'bank_transfer',
      reference: 'FNB 30/03 ABC123',
      amountCents: 16000,
      orderId: cart,
      receivedOn: '2025-03-30',
      recordedBy: expect.stringContaining('Olwethu'),
    });
    const row = await orderRow(cart);
    expect(row).toMatchObject({ status: 'paid', isImported: true, totalCents: 16000 });
    // The family sees it paid, with the price frozen as checkout would have.
    const order = OrderSchema.parse((await f.call('GET', `/api/Orders/${cart}`)).json());
    expect(order.totalPrice).toBe(16000);
    await t.app.outbox.settle();
    const [confirmation] = await outboxFor(email);
    expect(confirmation?.subject).toBe(
      `Your entries are confirmed (order ${movement.orderNumber})`,
    );
    expect(confirmation?.body).toContain('Thank you for your payment of R 160.00');
    // The entry's date as the item card and the uploads portal give it (decision 046).
    expect(confirmation?.body).toContain(
      `(R 160.00). ${wordsOf(describeDate(entryDates(item).uploadBy))}`,
    );
    expect(confirmation?.body).toMatch(/^Results on \d{2} [A-Z][a-z]+ \d{4}\.$/m);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(cart))));
    const paid = audits.find((a) => a.action === 'order.paid');
    expect(paid).toMatchObject({
      actorCustomerId: organiser.id,
      details: {
        before: { status: 'awaiting_payment' },
        after: { status: 'paid', isImported: true },
        method: 'bank_transfer',
        reference: 'FNB 30/03 ABC123',
        amountCents: 16000,
      },
    });
  });

  it('flags one bank reference that paid two orders in the reconciliation', async () => {
    // A statement line can only pay once: recorded against two orders (spacing and case aside),
    // one of them was paid by nobody.
    const first = await familyWithCart(t, item);
    const second = await familyWithCart(t, item);
    expect((await record(first.cart, transfer('FNB 7731 MOKOENA'))).statusCode).toBe(201);
    expect((await record(second.cart, transfer('fnb 7731  mokoena'))).statusCode).toBe(201);
    const res = await organiser.call('GET', '/api/Staff/Payments/Reconciliation');
    const flagged = (res.json() as { discrepancies: { orderId: number; reason: string }[] })
      .discrepancies;
    for (const [cart, other] of [
      [first.cart, second.cart],
      [second.cart, first.cart],
    ]) {
      expect(flagged).toContainEqual(
        expect.objectContaining({
          orderId: cart,
          reason: expect.stringMatching(
            new RegExp(`same reference also paid order E\\d{4}-${String(other).padStart(6, '0')}`),
          ),
        }),
      );
    }
  });

  it('pays an order awaiting payment, in cash', async () => {
    const { f, cart, email } = await familyWithCart(t, item);
    await checkOut(f, cart, email);
    const res = await record(cart, { ...transfer('Receipt 0042'), method: 'cash' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await orderRow(cart)).toMatchObject({ status: 'paid', isImported: true });
  });

  it('is idempotent: the same reference again answers the first record and sends nothing more', async () => {
    const { cart, email } = await familyWithCart(t, item);
    const first = await record(cart, transfer('REF-TWICE'));
    expect(first.statusCode).toBe(201);
    await t.app.outbox.settle();
    const again = await record(cart, transfer('REF-TWICE'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    await t.app.outbox.settle();
    expect(await outboxFor(email)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(ledgerMovements)
      .where(eq(ledgerMovements.orderId, cart));
    expect(rows).toHaveLength(1);
    // Another reference for a paid order is refused: it would be a second payment.
    const other = await record(cart, transfer('REF-OTHER'));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'ALREADY_PAID' });
  });

  it('credits once when two are recorded at the same time', async () => {
    const { f, cart, email } = await familyWithCart(t, item);
    await checkOut(f, cart, email);
    const answers = await Promise.all([
      record(cart, transfer('RACE-A')),
      record(cart, transfer('RACE-B')),
      record(cart, transfer('RACE-A')),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(ledgerMovements)
      .where(eq(ledgerMovements.orderId, cart));
    expect(rows).toHaveLength(1);
    await t.app.outbox.settle();
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it('never credits twice when a provider payment races it', async () => {
    const { f, cart, email } = await familyWithCart(t, item);
    await checkOut(f, cart, email);
    const [manual] = await Promise.all([
      record(cart, transfer('RACING-CARD')),
      providerNotification(cart, 'SBX-racing'),
    ]);
    await t.app.payments.settle();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, cart));
    // Exactly one of them credited the order; the other is refused or recorded as not credited.
    if (manual.statusCode === 201) expect(payment?.status).toBe('already_paid');
    else {
      expect(manual.json()).toMatchObject({ code: 'ALREADY_PAID' });
      expect(payment?.status).toBe('credited');
    }
    expect((await orderRow(cart)).status).toBe('paid');
    await t.app.outbox.settle();
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it('lists a provider payment that came after it as a failed notification: paid twice', async () => {
    const { cart } = await familyWithCart(t, item);
    expect((await record(cart, transfer('BEFORE-CARD'))).statusCode).toBe(201);
    await providerNotification(cart, 'SBX-late');
    await t.app.payments.settle();
    const page = NotificationsPageSchema.parse(
      (await organiser.call('GET', '/api/Staff/Payments/Notifications?failedOnly=true')).json(),
    );
    expect(page.rows.find((r) => r.providerReference === 'SBX-late')).toMatchObject({
      orderId: cart,
      outcome: 'already_paid',
      failed: true,
      reason: expect.stringContaining('paid twice'),
    });
  });

  it('refuses paid and cancelled orders, a wrong amount, a future date, and unknown orders', async () => {
    const { f, cart, email } = await familyWithCart(t, item);
    const wrong = await record(cart, transfer('WRONG', 15000));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'PRICE_DIFFERS' });
    // Nothing was frozen: it is still the family's cart.
    expect((await orderRow(cart)).status).toBe('cart');
    const future = await record(cart, { ...transfer('FUTURE'), receivedOn: '2025-04-03' });
    expect(future.statusCode).toBe(400);
    const badDate = await record(cart, { ...transfer('BAD'), receivedOn: '2025-02-30' });
    expect(badDate.statusCode).toBe(400);
    const noReference = await record(cart, transfer('   '));
    expect(noReference.statusCode).toBe(400);

    await f.payCart(cart);
    await t.app.payments.settle();
    expect((await orderRow(cart)).status).toBe('paid');
    const paid = await record(cart, transfer('PAID'));
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ code: 'ALREADY_PAID' });

    const cancelled = await familyWithCart(t, item);
    await t.database.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.id, cancelled.cart));
    const refused = await record(cancelled.cart, transfer('CANCELLED'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NOT_PAYABLE' });
    expect(email).toBeTruthy();

    const missing = await record(2_000_000_000, transfer('MISSING'));
    expect(missing.statusCode).toBe(404);
  });

  it('is organisers only: a family gets 404 (even for its own order), an adjudicator 403', async () => {
    const { f, cart } = await familyWithCart(t, item);
    const adjudicator = await createStaff(t, 'adjudicator');
    const calls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
      ['POST', `/api/Staff/Orders/${cart}/ManualPayments`, transfer('MINE')],
      [
        'POST',
        `/api/Staff/Orders/${cart}/Adjustments`,
        { kind: 'refund', reference: 'R', receivedOn: '2025-03-30', amountCents: 100, reason: 'x' },
      ],
      ['GET', '/api/Staff/Payments'],
      ['GET', '/api/Staff/Payments/Notifications'],
      ['GET', '/api/Staff/Payments/Reconciliation'],
      ['GET', '/api/Staff/Payments/Export.csv'],
    ];
    for (const [method, url, body] of calls) {
      expect((await f.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await adjudicator.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await orderRow(cart)).status).toBe('cart');
  });
});

describe('refunds and credits', () => {
  it('records a refund and a credit against a paid order, audited, the entries unchanged', async () => {
    const { cart } = await familyWithCart(t, item);
    expect((await record(cart, transfer('PAY-FOR-REFUND'))).statusCode).toBe(201);
    const refund = await adjust(cart, {
      kind: 'refund',
      method: 'bank_transfer',
      reference: 'REFUND-1',
      receivedOn: '2025-03-31',
      amountCents: 6000,
      reason: 'Entered twice by mistake',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json()).toMatchObject({
      kind: 'refund',
      amountCents: 6000,
      note: 'Entered twice by mistake',
    });
    const again = await adjust(cart, {
      kind: 'refund',
      method: 'bank_transfer',
      reference: 'REFUND-1',
      receivedOn: '2025-03-31',
      amountCents: 6000,
      reason: 'Entered twice by mistake',
    });
    expect(again.statusCode).toBe(200);
    const credit = await adjust(cart, {
      kind: 'credit',
      reference: 'CREDIT-1',
      receivedOn: '2025-03-31',
      amountCents: 10000,
      reason: 'Towards next year',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toMatchObject({ kind: 'credit', method: null });
    // 6000 + 10000 is the whole R160: one cent more is refused.
    const more = await adjust(cart, {
      kind: 'credit',
      reference: 'CREDIT-2',
      receivedOn: '2025-03-31',
      amountCents: 1,
      reason: 'More',
    });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'AMOUNT_EXCEEDS_PAID' });
    expect((await orderRow(cart)).status).toBe('paid');
    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(cart))))
    ).map((a) => a.action);
    expect(actions.filter((a) => a === 'order.refund')).toHaveLength(1);
    expect(actions.filter((a) => a === 'order.credit')).toHaveLength(1);
  });

  it('refuses an unpaid order', async () => {
    const { cart } = await familyWithCart(t, item);
    const res = await adjust(cart, {
      kind: 'refund',
      reference: 'R',
      receivedOn: '2025-03-30',
      amountCents: 100,
      reason: 'x',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_PAYABLE' });
  });
});

describe('the lists', () => {
  it('lists provider and manual payments with order, family, reference; filters and searches', async () => {
    const { f, cart } = await familyWithCart(t, item);
    await f.payCart(cart);
    await t.app.payments.settle();
    const manual = await familyWithCart(t, item);
    expect((await record(manual.cart, transfer('=HYPERLINK("x")'))).statusCode).toBe(201);

    const all = PaymentsPageSchema.parse(
      (await organiser.call('GET', `/api/Staff/Payments?eventId=${t.eventId}&take=100`)).json(),
    );
    const provider = all.rows.find((r) => r.orderId === cart);
    expect(provider).toMatchObject({
      kind: 'provider_payment',
      method: 'sandbox',
      amountCents: 16000,
      state: 'credited',
      familyName: expect.any(String),
    });
    expect(provider?.reference).toMatch(/^SBX-/);
    const kinds = PaymentsPageSchema.parse(
      (await organiser.call('GET', '/api/Staff/Payments?kind=manual_payment&take=100')).json(),
    );
    expect(kinds.rows.every((r) => r.kind === 'manual_payment')).toBe(true);
    expect(kinds.rows.some((r) => r.orderId === manual.cart)).toBe(true);
    const found = PaymentsPageSchema.parse(
      (await organiser.call('GET', '/api/Staff/Payments?search=HYPERLINK')).json(),
    );
    expect(found.rows.map((r) => r.orderId)).toEqual([manual.cart]);
    expect(found.total).toBe(1);
    const paged = PaymentsPageSchema.parse(
      (await organiser.call('GET', '/api/Staff/Payments?take=1&skip=0')).json(),
    );
    expect(paged.rows).toHaveLength(1);
    expect(paged.total).toBe(all.total);
  });

  it('lists notifications, failed first with why', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'm_payment_id=1&pf_payment_id=SBX-forged&amount_gross=160.00&payment_status=COMPLETE&signature=nope',
    });
    expect(bad.statusCode).toBe(200);
    await t.app.payments.settle();
    const page = NotificationsPageSchema.parse(
      (await organiser.call('GET', '/api/Staff/Payments/Notifications?take=100')).json(),
    );
    expect(page.rows[0]).toMatchObject({
      failed: true,
      outcome: 'bad_signature',
      providerReference: 'SBX-forged',
      amountCents: 16000,
      providerState: 'COMPLETE',
      reason: expect.stringContaining('signature'),
    });
    const credited = page.rows.find((r) => r.outcome === 'credited');
    expect(credited).toMatchObject({ failed: false, reason: null });
    const failedOnly = NotificationsPageSchema.parse(
      (
        await organiser.call('GET', '/api/Staff/Payments/Notifications?failedOnly=true&take=100')
      ).json(),
    );
    expect(failedOnly.rows.length).toBeGreaterThan(0);
    expect(failedOnly.rows.every((r) => r.failed)).toBe(true);
  });

  it('lets the family desk read a family’s movements', async () => {
    const { f, cart } = await familyWithCart(t, item);
    expect((await record(cart, transfer('DESK-1'))).statusCode).toBe(201);
    const movements = await t.app.paymentLedger.movementsForCustomer(f.id);
    expect(movements).toEqual([
      expect.objectContaining({ orderId: cart, reference: 'DESK-1', kind: 'manual_payment' }),
    ]);
    const other = await createFamily(t);
    expect(await t.app.paymentLedger.movementsForCustomer(other.id)).toEqual([]);
  });
});
