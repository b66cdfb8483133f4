import type { CategoryResults, StaffMe } from '@eisteddfod/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import ResultsPage from './ResultsPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const organiser: StaffMe = {
  customerId: 1,
  firstName: 'Olwethu',
  surname: 'Staff',
  role: 'organiser',
};
const review: CategoryResults[] = [
  {
    categoryId: 3,
    categoryName: 'Ballet',
    section: 'Dance',
    entries: [
      {
        orderItemId: 55,
        entryCode: 'E55',
        itemCode: 'DN101',
        itemTitle: 'Ballet solo',
        contestant: 'Naledi Mokoena',
        school: 'Other School',
        adjudicator: 'Adele Staff',
        status: 'submitted',
        total: 84,
        medal: 'GOLD',
        certificates: 0,
      },
      {
        orderItemId: 56,
        entryCode: 'E56',
        itemCode: 'DN101',
        itemTitle: 'Ballet solo',
        contestant: 'Sipho Dube',
        school: 'Other School',
        adjudicator: null,
        status: 'unmarked',
        total: null,
        medal: null,
        certificates: 0,
      },
    ],
  },
];

describe('ResultsPage (/staff/results)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists the marks per category and publishes a section after confirmation', async () => {
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Results') return [200, review];
      if (r.path === '/api/Staff/Results/Publish')
        return [200, { published: 1, certificates: 1, familiesNotified: 1 }];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    renderRoutes([{ path: '/staff/results', element: <ResultsPage /> }], '/staff/results');
    const table = await screen.findByRole('table', { name: 'Ballet (Dance)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('E55');
    expect(rows[0]).toHaveTextContent('Naledi Mokoena');
    expect(rows[0]).toHaveTextContent('84');
    expect(rows[0]).toHaveTextContent('GOLD');
    expect(rows[1]).toHaveTextContent('Not marked');
    expect(screen.getByText(/1 submitted mark is ready to publish/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Publish results…' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Publish all sections' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish results' });
    expect(requests.some((r) => r.path === '/api/Staff/Results/Publish')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/Staff/Results/Publish')?.body).toEqual({}),
    );
  });

  it('tells an adjudicator the screen is not for their role', async () => {
    mockApi((r) =>
      r.path === '/api/Staff/Me'
        ? [200, { ...organiser, role: 'adjudicator' }]
        : [403, apiError(403, 'FORBIDDEN')],
    );
    renderRoutes([{ path: '/staff/results', element: <ResultsPage /> }], '/staff/results');
    expect(await screen.findByText('This screen is for organisers.')).toBeInTheDocument();
  });
});
