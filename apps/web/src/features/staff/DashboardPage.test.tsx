import { type Dashboard, SECTIONS } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import DashboardPage from './DashboardPage.tsx';
import { organiser, staffEvent } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const served = {
  ...staffEvent,
  id: 1,
  isLive: true,
  isServed: true,
  settings: { ...staffEvent.settings, name: 'Online Eisteddfod 2025', year: 2025 },
};

const sectionDay = (dance: [number, number], drama: [number, number]) =>
  SECTIONS.map((section) => {
    const [entries, cumulative] =
      section === 'Dance' ? dance : section === 'Dramatic Arts' ? drama : [0, 0];
    return { section, entries, cumulative };
  });

const figures: Dashboard = {
  eventId: 1,
  eventName: 'Online Eisteddfod 2025',
  timeZone: 'Africa/Johannesburg',
  days: [
    {
      date: '2025-03-10',
      sections: sectionDay([1, 1], [0, 0]),
      revenueCents: 10_000,
      paidOrders: 1,
    },
    {
      date: '2025-03-11',
      sections: sectionDay([2, 3], [1, 1]),
      revenueCents: 45_050,
      paidOrders: 2,
    },
  ],
  entries: {
    total: 4,
    sections: SECTIONS.map((section) => ({
      section,
      entries: section === 'Dance' ? 3 : section === 'Dramatic Arts' ? 1 : 0,
    })),
  },
  revenue: { totalCents: 55_050, paidOrders: 3 },
  uploads: {
    sections: SECTIONS.map((section) =>
      section === 'Dance'
        ? { section, paid: 3, complete: 2, finalised: 2 }
        : section === 'Dramatic Arts'
          ? { section, paid: 1, complete: 1, finalised: 0 }
          : { section, paid: 0, complete: 0, finalised: 0 },
    ),
    overall: { paid: 4, complete: 3, finalised: 2 },
  },
  marking: {
    adjudicators: [{ id: 5, name: 'Adele Botha', assigned: 5, drafts: 1, submitted: 2 }],
    finalised: 2,
    submitted: 2,
    published: 1,
  },
};

const empty: Dashboard = {
  ...figures,
  eventId: 2,
  eventName: staffEvent.settings.name,
  days: [],
  entries: { total: 0, sections: SECTIONS.map((section) => ({ section, entries: 0 })) },
  revenue: { totalCents: 0, paidOrders: 0 },
  uploads: {
    sections: SECTIONS.map((section) => ({ section, paid: 0, complete: 0, finalised: 0 })),
    overall: { paid: 0, complete: 0, finalised: 0 },
  },
  marking: { adjudicators: [], finalised: 0, submitted: 0, published: 0 },
};

/** jsdom lays nothing out: every observed box reports 600 × 260, so recharts draws. */
class SizedObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const entry = { target, contentRect: { width: 600, height: 260 } };
    this.callback([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

function serve() {
  vi.stubGlobal('ResizeObserver', SizedObserver);
  return mockApi((r) => {
    if (r.path === '/api/Staff/Me') return [200, organiser];
    if (r.path === '/api/Staff/Events')
      return [200, { events: [staffEvent, served], servedByConfiguration: null }];
    if (r.path === '/api/Staff/Dashboard') {
      const id = r.query.get('eventId');
      if (id === '1') return [200, figures];
      if (id === '2') return [200, empty];
    }
    return [404, apiError(404, 'NOT_FOUND')];
  });
}

const render = () =>
  renderRoutes([{ path: '/staff/dashboard', element: <DashboardPage /> }], '/staff/dashboard');

/** A table's body and footer rows as their cells' text. */
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('DashboardPage (/staff/dashboard)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the served event’s charts, each with its figures in a table', async () => {
    const requests = serve();
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await screen.findByRole('table', { name: 'Entries over time, running totals per section' });
    expect(requests.find((r) => r.path === '/api/Staff/Dashboard')?.query.get('eventId')).toBe('1');
    expect(screen.getByRole('combobox', { name: 'Event' })).toHaveValue(
      'Online Eisteddfod 2025 (families see this one)',
    );
    for (const title of ['Entries over time', 'Revenue per day', 'Uploads', 'Marking progress']) {
      const chart = screen.getByRole('img', {
        name: `Chart: ${title}. The figures are in the table below.`,
      });
      // Drawn, and nothing in it takes the keyboard's focus (the tables are for that).
      await waitFor(() => expect(chart.querySelector('svg.recharts-surface')).not.toBeNull());
      expect(chart.querySelector('[tabindex]')).toBeNull();
    }
    const entriesChart = screen.getByRole('img', { name: /^Chart: Entries over time/ });
    expect(within(entriesChart).getByText('Visual Arts & Design')).toBeInTheDocument();

    // Dramatic Arts, Music, Visual Arts & Design, Dance; then the day's new entries.
    expect(rowsOf('Entries over time, running totals per section')).toEqual([
      ['10 March 2025', '0', '0', '0', '1', '1'],
      ['11 March 2025', '1', '0', '0', '3', '3'],
    ]);
    expect(rowsOf('Revenue per day')).toEqual([
      ['10 March 2025', '1', 'R 100.00'],
      ['11 March 2025', '2', 'R 450.50'],
      ['Total', '3', 'R 550.50'],
    ]);
    expect(rowsOf('Uploads per section')).toEqual([
      ['Dramatic Arts', '1', '1', '0'],
      ['Music', '0', '0', '0'],
      ['Visual Arts & Design', '0', '0', '0'],
      ['Dance', '3', '2', '2'],
      ['All sections', '4', '3', '2'],
    ]);
    expect(rowsOf('Marking progress per adjudicator')).toEqual([
      ['Adele Botha', '5', '2', '1', '2'],
    ]);
    expect(
      screen.getByText(/2 of 2 finalised entries have a submitted mark; 1 results are published/),
    ).toBeInTheDocument();
    // The tables scroll sideways on a phone, by keyboard too.
    expect(screen.getByRole('region', { name: 'Revenue per day (table)' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('switches to another event, which has no payments yet', async () => {
    const requests = serve();
    const user = userEvent.setup();
    render();
    await screen.findByRole('table', { name: 'Uploads per section' });
    await user.click(screen.getByRole('combobox', { name: 'Event' }));
    await user.click(
      await screen.findByRole('option', { name: 'Online Eisteddfod 2026', hidden: true }),
    );
    expect(await screen.findByText('No order of this event has been paid yet.')).toBeVisible();
    expect(
      requests
        .filter((r) => r.path === '/api/Staff/Dashboard')
        .at(-1)
        ?.query.get('eventId'),
    ).toBe('2');
    expect(screen.queryByRole('table', { name: 'Revenue per day' })).not.toBeInTheDocument();
    expect(screen.getByText(/No adjudicators yet/)).toBeInTheDocument();
    await waitFor(() =>
      expect(rowsOf('Uploads per section').at(-1)).toEqual(['All sections', '0', '0', '0']),
    );
  });
});
