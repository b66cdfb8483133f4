import type { Order } from '@eisteddfod/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  CUSTOMER_ID,
  browsingServer,
  makeItem,
  makeOrder,
  makeOrderItem,
} from '../../test/catalogue-server.ts';
import MyOrdersPage from './MyOrdersPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const routes = [{ path: '/my-orders', element: <MyOrdersPage /> }];
const paid: Order = {
  ...makeOrder([makeOrderItem(makeItem(1))]),
  id: 901,
  orderNumber: 'E2025-000901',
  status: 'paid',
  completedDateTime: '2025-04-21T08:00:00.000Z',
};
const waiting: Order = {
  ...makeOrder([makeOrderItem(makeItem(1)), makeOrderItem(makeItem(2), { id: 600 })]),
  status: 'awaiting_payment',
  totalPrice: 48000,
  completedDateTime: null,
};

function server(orders: Order[]) {
  return browsingServer({
    answer: ({ path }) =>
      path === `/api/Customers/${CUSTOMER_ID}/Orders` ? [200, orders] : undefined,
  });
}

describe('MyOrdersPage (spec 2, "My Orders")', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', String(CUSTOMER_ID));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists the orders with number, total, medium date, status and a link', async () => {
    mockApi(server([paid, waiting]));
    renderRoutes(routes, '/my-orders');
    const table = await screen.findByRole('table', { name: /Your orders/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 4)).toEqual(['No.', 'Total', 'Date', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('E2025-000901');
    expect(rows[0]).toHaveTextContent('R 160.00');
    // Spec 2's medium format: the date and the time (08:00 UTC is 10:00 in Johannesburg).
    expect(rows[0]).toHaveTextContent('21 Apr 2025, 10:00:00');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(within(rows[0]!).getByRole('link', { name: /View Order/ })).toHaveAttribute(
      'href',
      '/view-order/901',
    );
    expect(rows[1]).toHaveTextContent('R 480.00');
    expect(rows[1]).toHaveTextContent('Awaiting payment');
  });

  it('says when there are no orders', async () => {
    mockApi(server([]));
    renderRoutes(routes, '/my-orders');
    expect(await screen.findByText(/You have no orders yet/)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
