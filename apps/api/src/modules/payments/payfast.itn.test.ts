import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OrderSchema } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { paymentNotifications } from '../../db/schema/index.ts';
import { payfastSignature } from '../../providers/payment/payfast/payfast.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const PASSPHRASE = 'jt7NOE43FZPn';
let t: TestApp;
let answer = 'VALID';
const validations: string[] = [];
const standIn = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    validations.push(`${req.url} ${body}`);
    res.writeHead(answer === 'down' ? 503 : 200, { 'content-type': 'text/plain' }).end(answer);
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
  const host = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'payfast',
      PAYFAST_MERCHANT_ID: '10000100',
      PAYFAST_MERCHANT_KEY: '46f0cd694581a',
      PAYFAST_PASSPHRASE: PASSPHRASE,
      PAYFAST_HOST: host,
      PUBLIC_URL: 'https://entries.example.org',
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => standIn.close(() => r()));
});

async function checkedOutOrder() {
  const f = await createFamily(t);
  const cart = await f.openCart();
  const profile = await f.addContestant();
  const items = await catalogueItems(t);
  const item = items.find((i) => !i.isGroupItem && !i.requiresAnInstrument)!;
  await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: item.id,
    participantProfileId: profile,
  });
  const res = await f.call(
    'GET',
    `/api/Orders/${cart}/PaymentLink/${encodeURIComponent('payer@example.org')}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { f, cart, link: res.json<{ link: string }>().link };
}

async function sendItn(fields: [string, string][], signature?: string) {
  const signed: [string, string][] = [
    ...fields,
    ['signature', signature ?? payfastSignature(fields, PASSPHRASE)],
  ];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/payfast/notify',
    payload: new URLSearchParams(signed).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(200);
  await t.app.payments.settle();
}

const itn = (orderId: number, pfId: string, amount = '160.00'): [string, string][] => [
  ['m_payment_id', String(orderId)],
  ['pf_payment_id', pfId],
  ['payment_status', 'COMPLETE'],
  ['item_name', 'Eisteddfod entries'],
  ['amount_gross', amount],
  ['amount_fee', '-4.60'],
  ['amount_net', '155.40'],
  ['merchant_id', '10000100'],
];

describe('PayFast', () => {
  it('hands the buyer a signed form with the merchant fields, amount in rands and our URLs', async () => {
    const { cart, link } = await checkedOutOrder();
    // Our own page is linked relatively (issue 13); PayFast's return and notify URLs are absolute.
    expect(link).toMatch(new RegExp(`^/api/payments/payfast/${cart}\\?`));
    const url = new URL(link, 'https://entries.example.org');
    const page = await t.app.inject({ url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/eng/process');
    for (const fragment of [
      'name="merchant_id" value="10000100"',
      'name="amount" value="160.00"',
      `name="m_payment_id" value="${cart}"`,
      `name="return_url" value="https://entries.example.org/confirmation/${cart}"`,
      'name="notify_url" value="https://entries.example.org/api/payments/payfast/notify"',
      'name="signature"',
    ]) {
      expect(page.body).toContain(fragment);
    }
    expect(page.headers['content-security-policy']).toContain('form-action');
  });

  it('credits an order for a signed ITN that PayFast confirms, with the right amount', async () => {
    const { f, cart } = await checkedOutOrder();
    answer = 'VALID';
    await sendItn(itn(cart, '1089250'));
    expect(validations.at(-1)).toContain('/eng/query/validate');
    expect(OrderSchema.parse((await f.call('GET', `/api/Orders/${cart}`)).json()).status).toBe(
      'paid',
    );
  });

  it('keeps a notification it could not confirm and credits it when a retry succeeds', async () => {
    const { f, cart } = await checkedOutOrder();
    answer = 'down';
    await sendItn(itn(cart, '3000001'));
    const [kept] = await t.database.db
      .select()
      .from(paymentNotifications)
      .where(like(paymentNotifications.body, '%3000001%'));
    expect(kept).toMatchObject({ processedAt: null, attempts: 1 });
    expect(OrderSchema.parse((await f.call('GET', `/api/Orders/${cart}`)).json()).status).toBe(
      'awaiting_payment',
    );
    // Its job waits to be retried with back-off; the minute's sweep leaves it alone, a minute on.
    const report = await t.app.jobs.report();
    expect(report.queues.find((q) => q.name === 'payments.notification')?.waiting).toBe(1);
    await t.database.db
      .update(paymentNotifications)
      .set({ receivedAt: new Date('2025-04-01T09:58:00Z') })
      .where(eq(paymentNotifications.id, kept!.id));
    await t.app.payments.retryUnprocessed();
    expect(
      (
        await t.database.db
          .select()
          .from(paymentNotifications)
          .where(eq(paymentNotifications.id, kept!.id))
      )[0],
    ).toMatchObject({ processedAt: null, attempts: 1 });
    // PayFast answers again; the job's retry (after 30 s, then doubling) runs, here at once.
    answer = 'VALID';
    await t.app.payments.processStored(kept!.id);
    expect(OrderSchema.parse((await f.call('GET', `/api/Orders/${cart}`)).json()).status).toBe(
      'paid',
    );
  });

  it('refuses a notification for another merchant', async () => {
    const { f, cart } = await checkedOutOrder();
    const fields = itn(cart, '4000001').map(([k, v]): [string, string] => [
      k,
      k === 'merchant_id' ? '99999' : v,
    ]);
    await sendItn(fields);
    expect(OrderSchema.parse((await f.call('GET', `/api/Orders/${cart}`)).json()).status).toBe(
      'awaiting_payment',
    );
  });

  it('changes nothing for a bad signature, an unconfirmed ITN or a wrong amount', async () => {
    const { f, cart } = await checkedOutOrder();
    await sendItn(itn(cart, '2000001'), 'f'.repeat(32));
    answer = 'INVALID';
    await sendItn(itn(cart, '2000002'));
    answer = 'VALID';
    await sendItn(itn(cart, '2000003', '1.60'));
    expect(OrderSchema.parse((await f.call('GET', `/api/Orders/${cart}`)).json()).status).toBe(
      'awaiting_payment',
    );
  });
});
