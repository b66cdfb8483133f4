import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../../test/test-app.ts';
import { accountsClient } from '../accounts/accounts-test-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the development outbox', () => {
  it('answers loopback callers only, so a local run on a shared network hands nobody a pin', async () => {
    // Issue 30: `npm start` on school Wi-Fi served every pin, the first organiser's included.
    for (const remoteAddress of [
      '192.168.1.20',
      '10.0.0.7',
      '203.0.113.9',
      '::ffff:192.168.1.20',
    ]) {
      for (const url of ['/api/dev/outbox?to=someone@example.org', '/dev/outbox']) {
        const res = await t.app.inject({ url, remoteAddress });
        expect(res.statusCode, `${remoteAddress} ${url}`).toBe(404);
        expect(res.body).not.toContain('Outbox');
      }
    }
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({
        url: '/api/dev/outbox?to=someone@example.org',
        remoteAddress,
      });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
  });

  it('lists messages to a recipient as JSON, newest first, and as a page', async () => {
    const c = accountsClient(t.app, '203.0.113.30');
    const id = await c.register({ email: 'outbox.reader@example.org' });
    const { token } = (await c.silentLogin('outbox.reader@example.org')).json<{ token: string }>();
    await c.requestPin(id, token);
    const res = await t.app.inject({ url: '/api/dev/outbox?to=Outbox.Reader@example.org' });
    expect(res.statusCode).toBe(200);
    const [message] = res.json<
      {
        to: string;
        channel: string;
        subject: string;
        body: string;
        createdAt: string;
        status: string;
      }[]
    >();
    expect(message).toMatchObject({
      to: 'outbox.reader@example.org',
      channel: 'email',
      status: 'held',
    });
    expect(message?.body).toMatch(/\d{6}/);
    const page = await t.app.inject({ url: '/dev/outbox?to=outbox.reader@example.org' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('outbox.reader@example.org');
    expect(page.body).not.toContain('<script');
  });

  it('does not exist in production, which is what a server with no NODE_ENV is', async () => {
    for (const NODE_ENV of ['production', undefined]) {
      const prod = await createTestApp({ env: { ...PRODUCTION_ENV, NODE_ENV } });
      try {
        expect(prod.app.config.devTools).toBe(false);
        const api = await prod.app.inject({ url: '/api/dev/outbox?to=a@b.co' });
        expect(api.statusCode).toBe(404);
        expect((await prod.app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
      } finally {
        await prod.close();
      }
    }
  });
});
