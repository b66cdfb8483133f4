import type * as mantine from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps, ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  CONTESTANT_ID,
  CUSTOMER_ID,
  browsingServer,
  makeItem,
  makeOrderItem,
} from '../../test/catalogue-server.ts';
import ItemsPage from './ItemsPage.tsx';

// Issue 32: a card that changes (added to the cart) is drawn again, not the whole page of
// fifteen: each card drawn again is Lighthouse's phone's time. Each card's Add to Cart button is
// counted as it is drawn.
const drawn = vi.hoisted(() => ({ addButtons: 0 }));
vi.mock('@mantine/core', async (original) => {
  const real = await original<typeof mantine>();
  return {
    ...real,
    Button: (props: ComponentProps<typeof real.Button> & { children?: ReactNode }) => {
      if (props.children === 'Add to Cart') drawn.addButtons++;
      return <real.Button {...props} />;
    },
  };
});

const path = `/${CONTESTANT_ID}/categories/1/items`;

describe('the item cards are drawn again only where they changed', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', String(CUSTOMER_ID));
  });

  it('adding one item draws that card again, not the other fourteen', async () => {
    const items = Array.from({ length: 15 }, (_, i) => makeItem(i + 1));
    const first = items[0];
    if (!first) throw new Error('no items');
    mockApi(
      browsingServer({
        items,
        answer: ({ method, path: called }) =>
          method === 'POST' && called.endsWith('/OrderItems')
            ? [201, makeOrderItem(first)]
            : undefined,
      }),
    );
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/:participantId/categories/:categoryId/items', element: <ItemsPage /> }],
      path,
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(15));
    const card = screen.getByRole('article', { name: new RegExp(first.code) });
    await waitFor(() => expect(localStorage.getItem('cart')).not.toBeNull());
    const before = drawn.addButtons;

    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));

    expect(await within(card).findByText('Added to the cart.')).toBeInTheDocument();
    expect(within(card).getByText('In your cart')).toBeInTheDocument();
    // The card tapped: pressed, added, marked in the cart. The others: not at all.
    expect(drawn.addButtons - before).toBeLessThanOrEqual(4);
  });
});
