import { ReconciliationSchema, type Item } from '@eisteddfod/shared';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';
import { checkOut, familyWithCart, plainItem } from './payment-ledger.test-helpers.ts';

// A file of its own: a fresh database, so the event's sums hold only what these tests made.

const BEFORE_LATE = '2025-04-01T10:00:00.000Z';
let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let item: Item;
const made = {} as Record<'card' | 'transfer' | 'unrecorded' | 'twice', number>;

const transfer = (reference: string) => ({
  method: 'bank_transfer',
  reference,
  receivedOn: '2025-03-30',
  amountCents: 16000,
});

beforeAll(async () => {
  t = await createTestApp({ now: BEFORE_LATE });
  organiser = await createStaff(t, 'organiser');
  item = await plainItem(t);

  // Paid by card in the sandbox, then given a R20 credit.
  const card = await familyWithCart(t, item);
  await card.f.payCart(card.cart);
  await t.app.payments.settle();
  made.card = card.cart;
  // Paid by bank transfer, then R60 refunded.
  const bank = await familyWithCart(t, item);
  const paid = await organiser.call(
    'POST',
    `/api/Staff/Orders/${bank.cart}/ManualPayments`,
    transfer('=SUM(A1:A9)'),
  );
  expect(paid.statusCode, paid.body).toBe(201);
  made.transfer = bank.cart;
  for (const [cart, kind, amountCents] of [
    [card.cart, 'credit', 2000],
    [bank.cart, 'refund', 6000],
  ] as const) {
    const res = await organiser.call('POST', `/api/Staff/Orders/${cart}/Adjustments`, {
      kind,
      method: kind === 'refund' ? 'bank_transfer' : null,
      reference: `${kind.toUpperCase()}-1`,
      receivedOn: '2025-03-31',
      amountCents,
      reason: 'Agreed with the family',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  // Paid with no payment recorded anywhere (as an order marked paid behind the API's back).
  const unrecorded = await familyWithCart(t, item);
  await checkOut(unrecorded.f, unrecorded.cart, unrecorded.email);
  await t.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, unrecorded.cart));
  made.unrecorded = unrecorded.cart;
  // Paid by transfer, then the family paid by card as well: the provider's R160 is not credited.
  const twice = await familyWithCart(t, item);
  await checkOut(twice.f, twice.cart, twice.email);
  expect(
    (
      await organiser.call(
        'POST',
        `/api/Staff/Orders/${twice.cart}/ManualPayments`,
        transfer('TWICE'),
      )
    ).statusCode,
  ).toBe(201);
  const signed = t.app.payments.signSandboxNotification([
    ['m_payment_id', String(twice.cart)],
    ['pf_payment_id', 'SBX-second'],
    ['amount_gross', '160.00'],
    ['payment_status', 'COMPLETE'],
  ]);
  await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(signed).toString(),
  });
  await t.app.payments.settle();
  made.twice = twice.cart;
});
afterAll(() => t.close());

describe('reconciliation', () => {
  it('adds up what families were charged, what providers reported and what was recorded by hand', async () => {
    const res = await organiser.call(
      'GET',
      `/api/Staff/Payments/Reconciliation?eventId=${t.eventId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const sums = ReconciliationSchema.parse(res.json());
    expect(sums).toMatchObject({
      paidOrders: 4,
      chargedCents: 4 * 16000,
      providerCents: 16000,
      manualCents: 2 * 16000,
      refundCents: 6000,
      creditCents: 2000,
      netCents: 16000 + 32000 - 6000 - 2000,
      differenceCents: 16000 + 32000 - 64000,
    });
    expect(
      sums.discrepancies.map((d) => [d.orderId, d.totalCents, d.receivedCents, d.reason]),
    ).toEqual([
      [made.unrecorded, 16000, 0, 'Paid, but no payment is recorded.'],
      [made.twice, 16000, 16000, expect.stringContaining('R 160.00 that was not credited')],
    ]);
  });

  it('answers zeros for an event with no money', async () => {
    const sums = ReconciliationSchema.parse(
      (await organiser.call('GET', '/api/Staff/Payments/Reconciliation?eventId=999999')).json(),
    );
    expect(sums).toMatchObject({ chargedCents: 0, netCents: 0, discrepancies: [] });
  });
});

describe('the export for the bookkeeper', () => {
  it('writes one row per money movement, amounts in rands, formulas defused', async () => {
    const res = await organiser.call('GET', `/api/Staff/Payments/Export.csv?eventId=${t.eventId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="payments-event-${t.eventId}.csv"`,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.body.slice(1), { columns: true }) as Record<string, string>[];
    const of = (orderId: number, kind: string) =>
      rows.filter(
        (r) => r.Order?.endsWith(`-${String(orderId).padStart(6, '0')}`) && r.Kind === kind,
      );
    expect(rows).toHaveLength(
      // card, card's credit, transfer, its refund, twice's transfer, twice's uncredited card
      6,
    );
    expect(of(made.card, 'Provider payment')).toEqual([
      expect.objectContaining({ Method: 'sandbox', 'Amount (R)': '160.00', State: 'credited' }),
    ]);
    expect(of(made.card, 'Credit')).toEqual([
      expect.objectContaining({ 'Amount (R)': '-20.00', Note: 'Agreed with the family' }),
    ]);
    expect(of(made.transfer, 'Manual payment')).toEqual([
      expect.objectContaining({
        Date: '2025-03-30',
        Method: 'Bank transfer',
        Reference: "'=SUM(A1:A9)",
        'Amount (R)': '160.00',
      }),
    ]);
    expect(of(made.transfer, 'Refund')).toEqual([
      expect.objectContaining({ 'Amount (R)': '-60.00', Date: '2025-03-31' }),
    ]);
    expect(of(made.twice, 'Provider payment')).toEqual([
      expect.objectContaining({ State: 'already_paid', Reference: 'SBX-second' }),
    ]);
  });
});
