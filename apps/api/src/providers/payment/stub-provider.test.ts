import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, orders, payments } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { notifyPayment } from '../../test/payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { parseConfig } from '../../config/env.ts';
import type { PaymentProviderDefinition } from './provider.ts';
import { createPaymentProviders } from './providers.ts';
import { stubNotification } from './stub.test-helpers.ts';

// The one line a new provider adds to registry.ts, made here by replacing the list.
vi.mock('./registry.ts', async (importOriginal) => {
  const real: { PAYMENT_PROVIDERS: readonly PaymentProviderDefinition[] } = await importOriginal();
  const { stubProvider } = await import('./stub.test-helpers.ts');
  return { PAYMENT_PROVIDERS: [...real.PAYMENT_PROVIDERS, stubProvider] };
});

/**
 * Decision 055's probe: a provider the payments module has never heard of, registered in one
 * line and enabled by configuration, takes an order to paid through the same checks, the same
 * crediting path and the same confirmation as the sandbox and PayFast.
 */
let t: TestApp;
beforeAll(async () => {
  // The stub is the provider of new orders; the sandbox stays enabled beside it.
  t = await createTestApp({ env: { PAYMENT_PROVIDER: 'stub', PAYMENT_PROVIDERS: 'sandbox' } });
});
afterAll(() => t.close());

async function checkedOut() {
  const f = await createFamily(t);
  const cart = await f.openCart();
  const item = (await catalogueItems(t)).find((i) => !i.isGroupItem && !i.requiresAnInstrument)!;
  await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: item.id,
    participantProfileId: await f.addContestant(),
  });
  const res = await f.call('GET', `/api/Orders/${cart}/PaymentLink/pay%40example.org`);
  expect(res.statusCode, res.body).toBe(200);
  return { cart, link: res.json<{ link: string }>().link };
}

const notify = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/stub/notify',
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('a provider added in one folder and one line', () => {
  it('takes an order to paid through the same crediting path', async () => {
    const { cart, link } = await checkedOut();
    expect(link.startsWith(`/api/payments/stub/${cart}?`)).toBe(true);
    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay 16000');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, cart));
    expect(order!.paymentProvider).toBe('stub');
    // The order is the stub's: the sandbox's Pay, with the same reference, marks nothing paid.
    const ref = new URL(link, 'https://x.invalid').search;
    const sandboxPay = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${cart}/pay${ref}`,
    });
    expect(sandboxPay.statusCode).toBe(404);

    const fields: [string, string][] = [
      ['order_ref', String(cart)],
      ['txn', 'STUB-1'],
      ['rands', '160.00'],
      ['state', 'PAID'],
    ];
    expect((await notify(stubNotification(fields))).statusCode).toBe(200);
    await t.app.payments.settle();

    const [paid] = await t.database.db.select().from(orders).where(eq(orders.id, cart));
    expect(paid!.status).toBe('paid');
    const recorded = await t.database.db.select().from(payments).where(eq(payments.orderId, cart));
    expect(recorded).toEqual([
      expect.objectContaining({
        provider: 'stub',
        providerPaymentId: 'STUB-1',
        status: 'credited',
      }),
    ]);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(cart)));
    expect(audited.find((a) => a.action === 'order.paid')?.details).toEqual({ provider: 'stub' });

    // The ledger reads the stub's own field names and names it as the stub names itself.
    const listed = await t.app.paymentLedger.listNotifications({
      skip: 0,
      take: 10,
      failedOnly: false,
    });
    expect(listed.rows[0]).toMatchObject({
      provider: 'stub',
      providerName: 'Stub Pay',
      orderId: cart,
      providerReference: 'STUB-1',
      amountCents: 16000,
      providerState: 'PAID',
      outcome: 'credited',
    });
  });

  it("refuses a notification its signature does not match, with the provider's outcome", async () => {
    const { cart } = await checkedOut();
    const forged = stubNotification([['order_ref', String(cart)]]).replace('order_ref=', 'x=');
    expect((await notify(`order_ref=${cart}&${forged}`)).statusCode).toBe(200);
    await t.app.payments.settle();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, cart));
    expect(order!.status).toBe('awaiting_payment');
    const listed = await t.app.paymentLedger.listNotifications({
      skip: 0,
      take: 10,
      failedOnly: true,
    });
    expect(listed.rows[0]).toMatchObject({ orderId: cart, outcome: 'bad_signature', failed: true });
  });

  it('credits an order only through the provider it was checked out with', async () => {
    // The stub's order, reported paid by the sandbox (signed, the right amount): a provider an
    // order was not checked out with moves no money for it (security review of decision 055).
    const { cart } = await checkedOut();
    const { status, outcome } = await notifyPayment(t, cart, 16000);
    expect(status).toBe('awaiting_payment');
    expect(outcome).toBe('wrong_provider');
    const listed = await t.app.paymentLedger.listNotifications({
      skip: 0,
      take: 10,
      failedOnly: true,
    });
    expect(listed.rows[0]).toMatchObject({ orderId: cart, outcome: 'wrong_provider' });
  });

  it('refuses to start with a provider that no folder provides', () => {
    const config = parseConfig({ NODE_ENV: 'test', PAYMENT_PROVIDERS: 'stub,nope' });
    expect(() => createPaymentProviders({ config, secret: 'x' })).toThrow(
      /PAYMENT_PROVIDERS: there is no payment provider 'nope' \(known: sandbox, payfast, stub\)/,
    );
  });
});
