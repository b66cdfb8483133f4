import type { ClassGrid } from '@eisteddfod/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockAnswer } from '../../../test/api-mock.ts';
import { CUSTOMER_ID } from '../../../test/catalogue-server.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CLASS_ID, teachingAnswers } from '../../../test/teaching-fixtures.ts';
import EnterClassPage from './EnterClassPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const base = `/api/Customers/${CUSTOMER_ID}/Classes/${CLASS_ID}`;
const grid = teachingAnswers[`${base}/Grid`] as ClassGrid;
const written = { written: true, orderId: 9, added: 1, removed: 0, refused: [] };

/**
 * The grid answers at once the first time; `later` says how it answers once entries are
 * written (the grid is read again then).
 */
function show(later: () => Promise<MockAnswer> | MockAnswer) {
  let reads = 0;
  const requests = mockApi((r) => {
    if (r.path === `${base}/Grid`) return reads++ === 0 ? [200, grid] : [202, undefined];
    if (r.path === `${base}/Entries` && r.method === 'POST') return [200, written];
    return [404, apiError(404, 'NOT_FOUND')];
  });
  const first = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === `${base}/Grid` && reads > 0) {
      reads++;
      const [status, body] = await later();
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }
    return first(input as string, init);
  });
  const view = renderRoutes(
    [
      { path: '/teaching/class/:membershipId/enter', element: <EnterClassPage /> },
      { path: '/checkout', element: <p>Checkout here</p> },
    ],
    `/teaching/class/${CLASS_ID}/enter`,
  );
  return { ...view, requests };
}

// Issue 35's journey found a class of 27 waiting 4-20 s between the answer and the checkout.
describe('EnterClassPage', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', String(CUSTOMER_ID));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('draws one layout, not a desktop table and phone cards both', async () => {
    show(() => [200, grid]);
    const cells = await screen.findAllByRole('checkbox', { name: /Lerato Dube: DA102/ });
    expect(cells).toHaveLength(1);
  });

  it('moves to the checkout without waiting for the grid to be read again', async () => {
    show(() => new Promise<MockAnswer>(() => {}));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Lerato Dube: MU201/ }));
    await user.click(screen.getByRole('button', { name: 'Add 1 entry to the cart' }));
    expect(await screen.findByText('Checkout here')).toBeInTheDocument();
  });

  it('keeps what the teacher filtered when the grid is read again after saving', async () => {
    show(() => [200, grid]);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: /Find an item/ }), 'duo');
    const duo = () => screen.getByRole('checkbox', { name: /Lerato Dube: DA107/ });
    await user.click(duo());
    expect(duo()).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // The grid read again (the fixture still has the entry) is drawn anew, ticked as it says.
    await waitFor(() => expect(duo()).toBeChecked());
    expect(screen.getByRole('searchbox', { name: /Find an item/ })).toHaveValue('duo');
  });
});
