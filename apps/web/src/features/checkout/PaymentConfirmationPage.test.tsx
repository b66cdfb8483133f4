import { formatLongDate, type Order } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { checkoutText as M } from '../../shared/checkout/text.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  browsingServer,
  CUSTOMER_ID,
  makeItem,
  makeOrder,
  makeOrderItem,
} from '../../test/catalogue-server.ts';
import PaymentConfirmationPage from './PaymentConfirmationPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const routes = [{ path: '/confirmation/:id', element: <PaymentConfirmationPage /> }];
const order = (status: Order['status']): Order => ({
  ...makeOrder([makeOrderItem(makeItem(1))]),
  status,
  completedDateTime: '2025-04-18T09:30:00.000Z',
});

describe('PaymentConfirmationPage (spec 2, "Payment confirmation")', { timeout: 15_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', String(CUSTOMER_ID));
    localStorage.setItem('cart', '900');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('confirms a paid order and clears the stored cart', async () => {
    mockApi(({ path }) => (path === '/api/Orders/900' ? [200, order('paid')] : [404]));
    renderRoutes(routes, '/confirmation/900');
    expect(
      await screen.findByRole('heading', { level: 1, name: M('paymentSuccess') }),
    ).toBeVisible();
    expect(screen.getByText(M('thankYou'))).toBeVisible();
    expect(screen.getByText(M('confirmed'))).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute(
      'href',
      '/participant-profiles',
    );
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('says what happens next after payment, with each entry’s due date (issue 32)', async () => {
    const paid = order('paid');
    const catalogue = browsingServer({});
    mockApi((request) => (request.path === '/api/Orders/900' ? [200, paid] : catalogue(request)));
    renderRoutes(routes, '/confirmation/900');
    const next = await screen.findByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent(/Upload each performance or artwork in the Uploads portal/);
    expect(next).toHaveTextContent(/Only a finalised entry is sent to the adjudicators/);
    const entry = paid.orderItems[0]!;
    expect(next).toHaveTextContent(
      `${entry.participantFirstName}: ${entry.itemCode} ${entry.itemShortDescription}. Upload by ${formatLongDate(entry.itemDueDate)}`,
    );
    expect(
      await within(next).findByText(`Results on ${formatLongDate('2027-02-09')}.`),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the Uploads portal' })).toHaveAttribute(
      'href',
      '/uploads',
    );
  });

  it('waits for the provider while the order awaits payment, then shows success', async () => {
    let status: Order['status'] = 'awaiting_payment';
    const requests = mockApi(({ path }) =>
      path === '/api/Orders/900' ? [200, order(status)] : [404],
    );
    renderRoutes(routes, '/confirmation/900');
    expect(await screen.findByText(M('awaiting'))).toBeVisible();
    expect(screen.queryByText(M('paymentSuccess'))).not.toBeInTheDocument();
    expect(screen.queryByText(M('thankYou'))).not.toBeInTheDocument();
    expect(localStorage.getItem('cart')).toBeNull();

    status = 'paid';
    expect(
      await screen.findByRole('heading', { name: M('paymentSuccess') }, { timeout: 5000 }),
    ).toBeVisible();
    expect(requests.filter((r) => r.path === '/api/Orders/900').length).toBeGreaterThan(1);
  });

  it('never claims success for an order that was not paid', async () => {
    mockApi(({ path }) => (path === '/api/Orders/900' ? [200, order('cart')] : [404]));
    renderRoutes(routes, '/confirmation/900');
    expect(await screen.findByText(/This order has not been paid/)).toBeVisible();
    await waitFor(() => expect(screen.queryByText(M('paymentSuccess'))).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Go to checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });
});
