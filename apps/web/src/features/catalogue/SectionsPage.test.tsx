import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import SectionsPage from './SectionsPage.tsx';
import {
  CONTESTANT_ID,
  CUSTOMER_ID,
  browsingServer,
  makeItem,
} from '../../test/catalogue-server.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const items = Array.from({ length: 40 }, (_, i) => makeItem(i + 1));
const path = `/${CONTESTANT_ID}/sections`;

function renderSections() {
  return renderRoutes(
    [
      { path: '/:id/sections', element: <SectionsPage /> },
      { path: '/:id/categories', element: <h1>Categories screen</h1> },
    ],
    path,
  );
}

// Mantine's comboboxes and typed searches are slow on a busy machine.
describe('SectionsPage (spec 2 "Sections", spec 4 "Search")', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', String(CUSTOMER_ID));
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the four sections and stores the one chosen', async () => {
    mockApi(browsingServer({ items }));
    const user = userEvent.setup();
    const { router } = renderSections();
    for (const name of ['Dramatic Arts', 'Music', 'Visual Arts & Design', 'Dance']) {
      expect(await screen.findByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /Back to Contestants/ })).toHaveAttribute(
      'href',
      '/participant-profiles',
    );
    await user.click(screen.getByRole('button', { name: 'Music' }));
    expect(localStorage.getItem('currentCategory')).toBe('Music');
    expect(router.state.location.pathname).toBe(`/${CONTESTANT_ID}/categories`);
  });

  it('searches from 2 characters, goes back to the sections below that, and restarts paging', async () => {
    const requests = mockApi(browsingServer({ items }));
    const user = userEvent.setup();
    renderSections();
    const box = await screen.findByRole('searchbox', { name: 'Search all items' });
    const searches = () => requests.filter((r) => r.path === '/api/Eisteddfods/1/ItemsSearch');

    await user.type(box, 'd');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Music' })).toBeInTheDocument();

    await user.type(box, 'a');
    expect(await screen.findByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Music' })).not.toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(15);
    expect(searches()[0]?.query.get('search')).toBe('da');
    expect(searches()[0]?.query.get('skip')).toBe('0');
    expect(searches()[0]?.query.get('take')).toBe('15');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 16–30 of 40')).toBeInTheDocument();

    // A new search starts at the first page again.
    await user.type(box, '1');
    const da1 = () => searches().filter((r) => r.query.get('search') === 'da1');
    await waitFor(() => expect(da1()[0]?.query.get('skip')).toBe('0'));
    expect(await screen.findByText(/^Showing 1–/)).toBeInTheDocument();

    // Shorter than 2 characters: the sections come back at once.
    await user.clear(box);
    await user.type(box, 'd');
    expect(screen.getByRole('button', { name: 'Music' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Search Results' })).not.toBeInTheDocument();

    await user.type(box, 'a');
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(box).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Music' })).toBeInTheDocument();
  });

  it('opens the stored cart, or a new one when the stored one is gone', async () => {
    localStorage.setItem('cart', '77');
    const requests = mockApi(browsingServer({ items }));
    renderSections();
    await waitFor(() => expect(localStorage.getItem('cart')).toBe('900'));
    const cartCalls = requests
      .filter((r) => r.path.startsWith('/api/Orders'))
      .map((r) => `${r.method} ${r.path}`);
    expect(cartCalls).toEqual(['GET /api/Orders/77', 'POST /api/Orders']);
    const create = requests.find((r) => r.method === 'POST' && r.path === '/api/Orders');
    expect(create?.body).toEqual({ customerId: CUSTOMER_ID, orderItems: [] });
  });
});
