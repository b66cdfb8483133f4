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
      if (r.path === '/api/Staff/Results/Publish/Preview')
        return [
          200,
          r.query.get('section') === 'Dance'
            ? { marks: 1, contestants: 1, families: 1, byEmail: 1, byWhatsApp: 0 }
            : { marks: 5, contestants: 4, families: 3, byEmail: 3, byWhatsApp: 1 },
        ];
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
    // Who is told, and that the gala page is not (decision 033).
    expect(
      await within(dialog).findByText(
        '3 families of 4 contestants are told their results now by email and WhatsApp (1); the gala page is not released.',
      ),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Publish the 5 submitted marks of every section?');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(requests.some((r) => r.path === '/api/Staff/Results/Publish')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/Staff/Results/Publish')?.body).toEqual({}),
    );
  });

  it('publishing one section says who of that section is told, in the singular', async () => {
    mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Results') return [200, review];
      if (r.path === '/api/Staff/Results/Publish/Preview')
        return [200, { marks: 1, contestants: 1, families: 1, byEmail: 1, byWhatsApp: 0 }];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    renderRoutes([{ path: '/staff/results', element: <ResultsPage /> }], '/staff/results');
    await screen.findByRole('table', { name: 'Ballet (Dance)' });
    fireEvent.click(screen.getByRole('button', { name: 'Publish results…' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Publish all sections' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish results' });
    expect(
      await within(dialog).findByText(
        '1 family of 1 contestant is told their results now by email; the gala page is not released.',
      ),
    ).toBeInTheDocument();
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
