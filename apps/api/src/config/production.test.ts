import { afterEach, describe, expect, it } from 'vitest';
import { catalogueItems } from '../test/fixtures.ts';
import { createFamily } from '../test/family.ts';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../test/test-app.ts';

/**
 * Issue 13: a production server (what a server with no NODE_ENV is) serves no local
 * conveniences, whatever else is configured (docs/decisions/011-fail-closed-defaults.md).
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A family with one individual item in its cart, checked out: the link to the pay page. */
async function checkedOut(app: TestApp) {
  const f = await createFamily(app);
  const cart = await f.openCart();
  const item = (await catalogueItems(app)).find((i) => !i.isGroupItem && !i.requiresAnInstrument)!;
  await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: item.id,
    participantProfileId: await f.addContestant(),
  });
  const res = await f.call('GET', `/api/Orders/${cart}/PaymentLink/pay%40example.org`);
  expect(res.statusCode, res.body).toBe(200);
  return { cart, link: res.json<{ link: string }>().link };
}

describe('a production server', () => {
  it('refuses to start without a payment provider rather than take sandbox payments', async () => {
    await expect(
      createTestApp({ env: { ...PRODUCTION_ENV, NODE_ENV: undefined, PAYMENT_PROVIDER: '' } }),
    ).rejects.toThrow(/PAYMENT_PROVIDER/);
    await expect(
      createTestApp({ env: { ...PRODUCTION_ENV, PAYMENT_PROVIDER: 'sandbox' } }),
    ).rejects.toThrow(/ALLOW_SANDBOX_PAYMENTS/);
  });

  it('refuses to start without ffmpeg rather than hand adjudicators unchecked recordings', async () => {
    const noFfmpeg = { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' };
    await expect(createTestApp({ env: { ...PRODUCTION_ENV, ...noFfmpeg } })).rejects.toThrow(
      /ffmpeg was not found.*ALLOW_UNCHECKED_RECORDINGS/,
    );
    t = await createTestApp({
      env: { ...PRODUCTION_ENV, ...noFfmpeg, ALLOW_UNCHECKED_RECORDINGS: 'true' },
    });
    expect(await t.app.mediaTools.available()).toBe(false);
  });

  it('with PayFast has no sandbox pay page that could mark an order paid', async () => {
    t = await createTestApp({ env: PRODUCTION_ENV });
    const { cart, link } = await checkedOut(t);
    expect(link.startsWith(`/api/payments/payfast/${cart}?`)).toBe(true);
    const ref = new URL(link, 'https://x.invalid').search;
    for (const url of [`/api/payments/sandbox/${cart}${ref}`, `/api/payments/sandbox/notify`]) {
      const method = url.endsWith('notify') ? 'POST' : 'GET';
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(404);
    }
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${cart}/pay${ref}`,
    });
    expect(paid.statusCode).toBe(404);
  });

  it('takes sandbox payments when ALLOW_SANDBOX_PAYMENTS says so (a staging site)', async () => {
    t = await createTestApp({
      env: { ...PRODUCTION_ENV, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' },
    });
    const { cart, link } = await checkedOut(t);
    expect(link.startsWith(`/api/payments/sandbox/${cart}?`)).toBe(true);
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
  });
  it('publishes the family and public calls in its API document, never the staff calls', async () => {
    // Issue 30 item 6: an anonymous GET /api/docs/json listed every staff route and its schemas.
    t = await createTestApp({ env: PRODUCTION_ENV });
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain('/api/Customers/{id}');
    expect(paths.filter((p) => p.toLowerCase().startsWith('/api/staff'))).toEqual([]);
    // A local run documents everything, for whoever builds on it.
    const local = await createTestApp();
    try {
      const all = await local.app.inject({ url: '/api/docs/json' });
      const localPaths = Object.keys(all.json<{ paths: Record<string, unknown> }>().paths);
      expect(localPaths.some((p) => p.toLowerCase().startsWith('/api/staff'))).toBe(true);
    } finally {
      await local.close();
    }
  });
});

describe('a local run on another port', () => {
  it('links to the address it really serves', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development', PORT: '4050' } });
    expect(t.app.config.PUBLIC_URL).toBe('http://localhost:4050');
    const { cart, link } = await checkedOut(t);
    // The payment link is relative, so it works on whatever address the family is on.
    expect(link.startsWith(`/api/payments/sandbox/${cart}?`)).toBe(true);
  });
});
