import type { SignInSummary, StaffMe } from '@eisteddfod/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import SignInsPage from './SignInsPage.tsx';
import { organiser } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const summary: SignInSummary = {
  lastHour: 7,
  last24Hours: 19,
  reasons: [
    { reason: 'wrong_pin', events: 12 },
    { reason: 'expired_pin', events: 1 },
    { reason: 'too_many_tries', events: 3 },
    { reason: 'no_pin', events: 0 },
    { reason: 'send_throttled', events: 2 },
    { reason: 'verify_throttled', events: 1 },
  ],
  topAccounts: [
    {
      customerId: 41,
      identifier: 'th***@example.org',
      events: 9,
      addresses: 3,
      lastAt: '2026-11-25T20:58:00.000Z',
    },
    {
      customerId: 52,
      identifier: '+27 ** *** 4567',
      events: 2,
      addresses: 1,
      lastAt: '2026-11-25T20:40:00.000Z',
    },
  ],
  topAddresses: [{ ip: '192.0.2.66', events: 11, accounts: 4, lastAt: '2026-11-25T20:58:00.000Z' }],
  latest: [
    {
      id: 90,
      at: '2026-11-25T20:58:00.000Z',
      customerId: 41,
      identifier: 'th***@example.org',
      ip: '192.0.2.66',
      reason: 'too_many_tries',
    },
    {
      id: 89,
      at: '2026-11-25T20:57:00.000Z',
      customerId: null,
      identifier: null,
      ip: '2001:db8:85a3::8a2e:370:7334',
      reason: 'no_pin',
    },
  ],
};

const adjudicator: StaffMe = { ...organiser, customerId: 7, role: 'adjudicator' };

function serve(me: StaffMe | null) {
  return mockApi((r) => {
    if (r.path === '/api/Staff/Me') return me ? [200, me] : [404, apiError(404, 'ROUTE_NOT_FOUND')];
    if (r.path === '/api/Staff/SignIns') return [200, summary];
    return [404, apiError(404, 'NOT_FOUND')];
  });
}

function phoneScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

const open = () =>
  renderRoutes([{ path: '/staff/sign-ins', element: <SignInsPage /> }], '/staff/sign-ins');

describe('SignInsPage (/staff/sign-ins)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the counts, the accounts and addresses with the most, and the latest events', async () => {
    serve(organiser);
    open();
    expect(await screen.findByText('Last hour')).toBeInTheDocument();
    expect(screen.getByText('Last hour').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Last 24 hours').nextSibling).toHaveTextContent('19');
    expect(screen.getByText(/Wrong pin 12 · Pin expired 1 · Too many tries 3/)).toBeInTheDocument();

    const accounts = screen.getByRole('table', { name: 'Accounts with the most, last 24 hours' });
    const first = within(accounts).getByRole('row', { name: /th\*\*\*@example\.org/ });
    expect(first).toHaveTextContent(/9\s*3/);
    expect(within(first).getByRole('link', { name: 'th***@example.org' })).toHaveAttribute(
      'href',
      '/staff/families/41',
    );
    expect(
      within(accounts).getByRole('row', { name: /\+27 \*\* \*\*\* 4567/ }),
    ).toBeInTheDocument();
    const addresses = screen.getByRole('table', { name: 'Addresses with the most, last 24 hours' });
    expect(within(addresses).getByRole('row', { name: /192\.0\.2\.66/ })).toHaveTextContent(
      /11\s*4/,
    );

    const latest = screen.getByRole('table', { name: 'Latest events' });
    const newest = within(latest).getAllByRole('row')[1]!;
    expect(newest).toHaveTextContent('th***@example.org');
    expect(newest).toHaveTextContent('192.0.2.66');
    expect(newest).toHaveTextContent('Too many tries');
    const unknown = within(latest).getAllByRole('row')[2]!;
    expect(unknown).toHaveTextContent('No such account');
    expect(unknown).toHaveTextContent('2001:db8:85a3::8a2e:370:7334');
    expect(unknown).toHaveTextContent('No pin to check');
  });

  it('gives each latest event a card on a phone, with no wide table', async () => {
    phoneScreen();
    serve(organiser);
    open();
    const list = await screen.findByRole('list', { name: 'Latest events' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Too many tries');
    expect(cards[0]).toHaveTextContent('th***@example.org');
    expect(cards[0]).toHaveTextContent('from 192.0.2.66');
    expect(screen.queryByRole('table', { name: 'Latest events' })).not.toBeInTheDocument();
  });

  it('is not for adjudicators, and a family gets the not found page', async () => {
    const requests = serve(adjudicator);
    const { unmount } = open();
    expect(await screen.findByText('This screen is for organisers.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign-ins' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/Staff/SignIns')).toBe(false);
    unmount();

    serve(null);
    open();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
