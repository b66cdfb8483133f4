import type { StaffSchool } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import SchoolsPage from './SchoolsPage.tsx';
import { organiser } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const schools: StaffSchool[] = [
  { id: 1, name: 'Other School', kind: 'school', contestants: 40, teachers: 0, fixed: true },
  { id: 2, name: 'Jacaranda Primary', kind: 'school', contestants: 2, teachers: 0, fixed: false },
  {
    id: 3,
    name: 'Jacaranda Primary School',
    kind: 'school',
    contestants: 9,
    teachers: 0,
    fixed: false,
  },
];

describe('SchoolsPage (/staff/schools)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("keeps 'Other School' as it is, searches, and merges a duplicate into the school that stays", async () => {
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Schools') return [200, schools];
      if (r.path === '/api/Staff/Schools/2/Merge') return [200, { ...schools[2], contestants: 11 }];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/staff/schools', element: <SchoolsPage /> }], '/staff/schools');
    const table = await screen.findByRole('region', { name: 'Schools' });
    const other = within(table).getByRole('row', { name: /Other School/ });
    expect(within(other).queryByRole('button')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search schools' }), 'jacaranda');
    expect(screen.getByText('2 of 3 schools')).toBeInTheDocument();
    await user.click(
      within(table).getByRole('button', { name: 'Merge Jacaranda Primary into another school' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Merge Jacaranda Primary' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Into' }));
    await user.click(
      await screen.findByRole('option', { name: 'Jacaranda Primary School', hidden: true }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/Staff/Schools/2/Merge')?.body).toEqual({
        intoId: 3,
      }),
    );
  });

  it("sorts the table by name or by contestants, the forms' order first", async () => {
    mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Schools') return [200, schools];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/staff/schools', element: <SchoolsPage /> }], '/staff/schools');
    const table = await screen.findByRole('region', { name: 'Schools' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row).getAllByRole('cell')[0]?.textContent?.replace('Always first', '').trim(),
        );
    expect(names()).toEqual(['Other School', 'Jacaranda Primary', 'Jacaranda Primary School']);
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Most contestants', hidden: true }));
    expect(names()).toEqual(['Other School', 'Jacaranda Primary School', 'Jacaranda Primary']);
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Name', hidden: true }));
    expect(names()).toEqual(['Jacaranda Primary', 'Jacaranda Primary School', 'Other School']);
  });

  it('offers the look-alike for a typed name and links it only on the click (decision 061)', async () => {
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Schools') return [200, schools];
      if (r.path === '/api/Staff/SchoolNames/Unlinked')
        return [
          200,
          [
            {
              name: 'Jacaranda Prim',
              contestants: 3,
              lookAlikes: [{ id: 3, name: 'Jacaranda Primary School', kind: 'school' }],
            },
          ],
        ];
      if (r.path === '/api/Staff/Schools/3/Link') return [200, { linked: 3 }];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/staff/schools', element: <SchoolsPage /> }], '/staff/schools');
    const names = await screen.findByRole('region', { name: 'Names to match' });
    const row = await within(names).findByRole('article');
    expect(within(row).getByText('3 contestants')).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'School for “Jacaranda Prim”' })).toHaveValue(
      'Jacaranda Primary School (looks alike)',
    );
    expect(requests.some((r) => r.path.endsWith('/Link'))).toBe(false);
    await user.click(within(row).getByRole('button', { name: 'Link' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/Staff/Schools/3/Link')?.body).toEqual({
        name: 'Jacaranda Prim',
      }),
    );
  });
});
