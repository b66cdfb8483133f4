import { describe, expect, it } from 'vitest';
import { sandboxPayPage } from './pay-page.ts';

type Order = Parameters<typeof sandboxPayPage>[0];

describe('sandboxPayPage', () => {
  it("names the app's own favicon, so that the browser asks for no /favicon.ico (a 404)", () => {
    const order = { orderNumber: 'E2026-000001', orderItems: [] } as unknown as Order;
    const html = sandboxPayPage(order, 16000, { pay: '/pay', cancel: '/cancel' });
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });

  it('says its words from the catalogue as they were written, the amounts as formatRand writes them', () => {
    const order = {
      orderNumber: 'E2026-000001',
      orderItems: [
        {
          participantFirstName: 'Ayanda',
          participantSurname: 'Dlamini',
          itemCode: 'M1',
          price: 123400,
        },
      ],
    } as unknown as Order;
    const html = sandboxPayPage(order, 123400, { pay: '/pay', cancel: '/cancel' });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Sandbox payment</title>');
    expect(html).toContain('<p class="badge">Sandbox payment provider · no real money moves</p>');
    expect(html).toContain('<h1>Pay R 1 234.00</h1>');
    expect(html).toContain('<p>Order E2026-000001</p>');
    expect(html).toContain('<th>Contestant</th><th>Item</th><th class="num">Price</th>');
    expect(html).toContain('<th colspan="2">Total</th><th class="num">R 1 234.00</th>');
    expect(html).toContain('<button class="pay" type="submit">Pay R 1 234.00</button>');
    expect(html).toContain('<button class="cancel" type="submit">Cancel</button>');
  });

  it('escapes what goes into its words', () => {
    const order = { orderNumber: '<b>1</b>', orderItems: [] } as unknown as Order;
    const html = sandboxPayPage(order, 100, { pay: '/pay', cancel: '/cancel' });
    expect(html).toContain('<p>Order &#60;b&#62;1&#60;/b&#62;</p>');
  });
});
