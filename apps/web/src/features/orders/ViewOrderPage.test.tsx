import { CART_TEXT, type Order } from '@eisteddfod/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { cartText } from '../../shared/cart/text.ts';
import { checkoutText as M } from '../../shared/checkout/text.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  CUSTOMER_ID,
  browsingServer,
  makeItem,
  makeOrder,
  makeOrderItem,
} from '../../test/catalogue-server.ts';
import ViewOrderPage from './ViewOrderPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const poetry = { id: 1, name: 'Poetry', section: 'Dramatic Arts' as const };
const prose = { id: 2, name: 'Prose', section: 'Dramatic Arts' as const };
const piano = { id: 10, name: 'Piano', section: 'Music' as const };
const poem = makeItem(1, { category: poetry });
const otherPoem = makeItem(2, { category: poetry, code: 'DA102' });
const story = makeItem(3, { category: prose, code: 'DA301' });
const choralVerse = makeItem(4, {
  category: poetry,
  code: 'DA401',
  isGroupItem: true,
  minimumParticipants: 3,
  maximumParticipants: 8,
});
const pianoSolo = makeItem(5, { category: piano, code: 'MU501' });
const catalogue = [poem, otherPoem, story, choralVerse, pianoSolo];

const routes = [{ path: '/view-order/:id', element: <ViewOrderPage /> }];
type User = ReturnType<typeof userEvent.setup>;

function paidOrder(first = poem, deadlinePassed = false): Order {
  return {
    ...makeOrder([
      makeOrderItem(first, { deadlinePassed }),
      makeOrderItem(choralVerse, { price: 25000 }),
    ]),
    status: 'paid',
    completedDateTime: '2025-04-18T09:30:00.000Z',
  };
}

async function openEdit(user: User, code: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^Edit ${code}`) }));
  return screen.findByRole('dialog', { name: 'Edit Item Selection' });
}

describe(
  'ViewOrderPage (spec 2 and 5, "View Order" and "Order item edit")',
  { timeout: 20_000 },
  () => {
    beforeEach(() => {
      localStorage.setItem('token', 'session-token');
      localStorage.setItem('customerId', String(CUSTOMER_ID));
    });
    afterEach(() => {
      vi.clearAllMocks();
      vi.unstubAllGlobals();
      localStorage.clear();
    });

    it('shows the entries with the total and a way back', async () => {
      mockApi(browsingServer({ cart: paidOrder(), items: catalogue }));
      renderRoutes(routes, '/view-order/900');
      const table = await screen.findByRole('table', { name: /Entries of order/ });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      expect(headers.slice(0, 4)).toEqual(['Name', 'Surname', 'Code', 'Price']);
      expect(within(table).getByText('DA101 - Poetry item 1')).toBeVisible();
      expect(within(table).getAllByRole('button', { name: /^Edit/ })).toHaveLength(2);
      expect(screen.getByTestId('order-total')).toHaveTextContent('R 410.00');
      expect(screen.getByRole('link', { name: /Back to Orders/ })).toHaveAttribute(
        'href',
        '/my-orders',
      );
    });

    it('lists only items of the same section and kind, and changes the item', async () => {
      let order = paidOrder();
      const requests = mockApi(
        browsingServer({
          cart: order,
          items: catalogue,
          answer: (request) => {
            if (request.path === '/api/Orders/900') return [200, order];
            if (request.method === 'PUT') {
              order = paidOrder(otherPoem);
              return [200, order.orderItems[0]];
            }
            return undefined;
          },
        }),
      );
      const user = userEvent.setup();
      renderRoutes(routes, '/view-order/900');
      const dialog = await openEdit(user, 'DA101');
      const select = within(dialog).getByRole('combobox', { name: /Select Item Code/ });
      expect(select).toBeEnabled();
      await waitFor(() =>
        expect(requests.some((r) => r.path === '/api/Eisteddfods/1/ItemsSearch')).toBe(true),
      );
      const search = requests.find((r) => r.path === '/api/Eisteddfods/1/ItemsSearch');
      expect(search?.query.get('take')).toBe('300');
      expect(search?.query.get('skip')).toBe('0');
      await user.click(select);
      await waitFor(() => expect(screen.getAllByRole('option', { hidden: true })).toHaveLength(3));
      const options = screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent);
      expect(options).toEqual([
        'DA101 - Poetry item 1',
        'DA102 - Poetry item 2',
        'DA301 - Poetry item 3',
      ]);
      await user.click(screen.getByRole('option', { name: 'DA102 - Poetry item 2', hidden: true }));
      await user.click(within(dialog).getByRole('button', { name: 'Update Item Code' }));

      await waitFor(() =>
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({ color: 'teal', title: 'Success', message: M('itemUpdated') }),
        ),
      );
      const put = requests.find((r) => r.method === 'PUT');
      expect(put?.path).toBe('/api/OrderItems/501');
      expect(put?.body).toEqual({ itemId: 2 });
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Edit Item Selection' })).toBeNull(),
      );
      expect(await screen.findByText('DA102 - Poetry item 2')).toBeVisible();
    });

    it('offers group entries only group items of the section', async () => {
      mockApi(browsingServer({ cart: paidOrder(), items: catalogue }));
      const user = userEvent.setup();
      renderRoutes(routes, '/view-order/900');
      const dialog = await openEdit(user, 'DA401');
      await user.click(within(dialog).getByRole('combobox', { name: /Select Item Code/ }));
      await waitFor(() =>
        expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
          'DA401 - Poetry item 4',
        ]),
      );
    });

    it("says what a change costs: free here until the due date, then spec 9's change fee", async () => {
      mockApi(browsingServer({ cart: paidOrder(poem), items: catalogue }));
      const user = userEvent.setup();
      renderRoutes(routes, '/view-order/900');
      const dialog = await openEdit(user, 'DA101');
      expect(
        await within(dialog).findByText(M('changeFee', { fee: 'R 250.00' })),
      ).toBeInTheDocument();
    });

    it('does not offer a change of a finalised or withdrawn entry, and says why', async () => {
      const order = paidOrder();
      const [finalised, withdrawn] = order.orderItems;
      order.orderItems = [
        { ...finalised!, isSubmittedForMarking: true },
        { ...withdrawn!, isCancelled: true },
      ];
      mockApi(browsingServer({ cart: order, items: catalogue }));
      renderRoutes(routes, '/view-order/900');
      const sent = await screen.findByRole('button', { name: /^Edit DA101/ });
      expect(sent).toBeDisabled();
      expect(sent).toHaveAccessibleDescription('Finalised entries cannot be changed.');
      expect(screen.getByRole('button', { name: /^Edit DA401/ })).toHaveAccessibleDescription(
        'Withdrawn entries cannot be changed.',
      );
      expect(screen.getByText('Finalised entries cannot be changed.')).toBeVisible();
    });

    it('blocks the change after the due date', async () => {
      const requests = mockApi(browsingServer({ cart: paidOrder(poem, true), items: catalogue }));
      const user = userEvent.setup();
      renderRoutes(routes, '/view-order/900');
      const dialog = await openEdit(user, 'DA101');
      expect(within(dialog).getByText(M('editDeadlineTitle'))).toBeInTheDocument();
      expect(within(dialog).getByText(M('editDeadline'))).toBeInTheDocument();
      expect(within(dialog).getByRole('combobox', { name: /Select Item Code/ })).toBeDisabled();
      expect(within(dialog).getByRole('button', { name: 'Update Item Code' })).toBeDisabled();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    });

    it("shows the server's refusal as a warning, said by its message id", async () => {
      mockApi(
        browsingServer({
          cart: paidOrder(),
          items: catalogue,
          answer: ({ method }) =>
            method === 'PUT'
              ? [
                  409,
                  {
                    ...apiError(409, 'PRICE_DIFFERS', 'The server’s own words'),
                    messageId: CART_TEXT.id('otherFee'),
                  },
                ]
              : undefined,
        }),
      );
      const user = userEvent.setup();
      renderRoutes(routes, '/view-order/900');
      const dialog = await openEdit(user, 'DA101');
      await user.click(within(dialog).getByRole('combobox', { name: /Select Item Code/ }));
      await user.click(
        await screen.findByRole('option', { name: 'DA102 - Poetry item 2', hidden: true }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Update Item Code' }));
      await waitFor(() =>
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({ color: 'orange', message: cartText('otherFee') }),
        ),
      );
      expect(screen.getByRole('dialog', { name: 'Edit Item Selection' })).toBeInTheDocument();
    });
  },
);
