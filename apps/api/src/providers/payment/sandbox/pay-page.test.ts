import { describe, expect, it } from 'vitest';
import { sandboxPayPage } from './pay-page.ts';

describe('sandboxPayPage', () => {
  it("names the app's own favicon, so that the browser asks for no /favicon.ico (a 404)", () => {
    const order = { orderNumber: 'E2026-000001', orderItems: [] } as unknown as Parameters<
      typeof sandboxPayPage
    >[0];
    const html = sandboxPayPage(order, 16000, { pay: '/pay', cancel: '/cancel' });
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });
});
