import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { cartText } from '../text.ts';
import {
  CUSTOMER_ID,
  browsingServer,
  makeItem,
  makeOrder,
  makeOrderItem,
} from '../../../test/catalogue-server.ts';
import { CartDrawer } from './CartDrawer.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const poem = makeItem(1);
const choir = makeItem(2, { isGroupItem: true, minimumParticipants: 5, maximumParticipants: 30 });
const cart = makeOrder([
  makeOrderItem(poem),
  makeOrderItem(choir, { price: 25000, groupInformationNeeded: true }),
  makeOrderItem(poem, {
    id: 777,
    participantProfileId: 8,
    participantFirstName: 'Sipho',
    participantSurname: 'Dlamini',
  }),
]);

// Mantine's comboboxes and typed searches are slow on a busy machine.
describe('CartDrawer (spec 2, "Cart drawer")', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', String(CUSTOMER_ID));
    localStorage.setItem('cart', '900');
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('keeps the button in its place on the first screen and floats it once scrolled past', async () => {
    let report: IntersectionObserverCallback = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    mockApi(browsingServer({ cart }));
    renderRoutes([{ path: '/', element: <CartDrawer /> }], '/');
    const button = await screen.findByRole('button', { name: 'View Cart, 3 items' });
    const seen = (isIntersecting: boolean, top: number) =>
      act(() =>
        report(
          [{ isIntersecting, boundingClientRect: { top } } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
    seen(true, 80);
    expect(button).not.toHaveAttribute('data-floating');
    seen(false, -60);
    expect(button).toHaveAttribute('data-floating');
    seen(true, 10);
    expect(button).not.toHaveAttribute('data-floating');
  });

  it('lists the items per contestant with the total, and removes an item', async () => {
    const requests = mockApi(
      browsingServer({
        cart,
        answer: ({ method }) => (method === 'DELETE' ? [204] : undefined),
      }),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <CartDrawer /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'View Cart, 3 items' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your Cart' });

    const lindiwe = within(drawer).getByRole('region', { name: 'Items For Lindiwe Zulu' });
    const sipho = within(drawer).getByRole('region', { name: 'Items For Sipho Dlamini' });
    expect(within(lindiwe).getAllByRole('listitem')).toHaveLength(2);
    expect(within(sipho).getAllByRole('listitem')).toHaveLength(1);
    expect(within(lindiwe).getByText(cartText('groupInfoNeeded'))).toBeInTheDocument();
    expect(within(lindiwe).getAllByRole('button', { name: 'Manage Contestants' })).toHaveLength(1);
    expect(within(drawer).getByTestId('cart-total')).toHaveTextContent('R 570.00');
    expect(within(drawer).getByRole('link', { name: 'Checkout Now' })).toHaveAttribute(
      'href',
      '/checkout',
    );

    await user.click(within(sipho).getByRole('button', { name: 'Remove DA101 for Sipho Dlamini' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'teal', message: cartText('itemRemoved') }),
      ),
    );
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(
      '/api/Orders/900/OrderItems/777',
    );
    expect(within(drawer).queryByRole('region', { name: /Sipho/ })).not.toBeInTheDocument();
    expect(within(drawer).getByTestId('cart-total')).toHaveTextContent('R 410.00');
    expect(
      screen.getByRole('button', { name: 'View Cart, 2 items', hidden: true }),
    ).toBeInTheDocument();
  });

  it('closes on Add More and opens the group participants from Manage Contestants', async () => {
    mockApi(browsingServer({ cart }));
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <CartDrawer /> }], '/');
    await user.click(await screen.findByRole('button', { name: /View Cart/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Your Cart' });
    await user.click(within(drawer).getByRole('button', { name: 'Manage Contestants' }));
    const group = await screen.findByRole('dialog', { name: 'Group Participants' });
    expect(within(group).getAllByRole('group', { name: /^Participant/ })).toHaveLength(5);
    await user.click(within(group).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Group Participants' })).not.toBeInTheDocument(),
    );
    await user.click(within(drawer).getByRole('button', { name: 'Add More' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
