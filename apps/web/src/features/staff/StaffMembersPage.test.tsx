import type { StaffMember } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import StaffMembersPage from './StaffMembersPage.tsx';
import { organiser } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const staff: StaffMember[] = [
  {
    id: organiser.customerId,
    firstName: organiser.firstName,
    surname: organiser.surname,
    email: 'olwethu@example.org',
    role: 'organiser',
    active: true,
    deactivatedAt: null,
  },
  {
    id: 5,
    firstName: 'Adele',
    surname: 'Botha',
    email: 'adele@example.org',
    role: 'adjudicator',
    active: true,
    deactivatedAt: null,
  },
  {
    id: 6,
    firstName: 'Sipho',
    surname: 'Ndlovu',
    email: 'sipho@example.org',
    role: 'adjudicator',
    active: false,
    deactivatedAt: '2026-11-20T08:00:00.000Z',
  },
];

function serve() {
  return mockApi((r) => {
    if (r.path === '/api/Staff/Me') return [200, organiser];
    if (r.path === '/api/Staff/Members' && r.method === 'GET') return [200, staff];
    if (r.path === '/api/Staff/Members' && r.method === 'POST') {
      return [201, { ...(r.body as object), id: 9, active: true, deactivatedAt: null }];
    }
    if (r.path === '/api/Staff/Members/5/Deactivate') {
      return [200, { ...staff[1], active: false, deactivatedAt: '2026-11-25T08:00:00.000Z' }];
    }
    if (r.path === '/api/Staff/Members/6/Reactivate') {
      return [200, { ...staff[2], active: true, deactivatedAt: null }];
    }
    return [404, apiError(404, 'NOT_FOUND')];
  });
}

const render = () =>
  renderRoutes([{ path: '/staff/members', element: <StaffMembersPage /> }], '/staff/members');

describe('StaffMembersPage (/staff/members)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists the staff; the organiser cannot deactivate themself, and says why', async () => {
    serve();
    render();
    const table = await screen.findByRole('region', { name: 'Staff members' });
    const me = within(table).getByRole('row', { name: /Olwethu Staff/ });
    expect(within(me).getByText('You')).toBeInTheDocument();
    expect(within(me).queryByRole('button')).not.toBeInTheDocument();
    expect(within(me).getByText('You cannot deactivate yourself.')).toBeInTheDocument();
    const sipho = within(table).getByRole('row', { name: /Sipho Ndlovu/ });
    expect(within(sipho).getByText('Deactivated')).toBeInTheDocument();
    expect(within(sipho).getByRole('button', { name: 'Reactivate Sipho Ndlovu' })).toBeVisible();
  });

  it('invites an organiser, with the shared rules checked first', async () => {
    const requests = serve();
    const user = userEvent.setup();
    render();
    const form = await screen.findByRole('form', { name: 'Invite a member of staff' });
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(form).getByText('Please choose a role')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'First name' }), 'Nomsa');
    await user.type(within(form).getByRole('textbox', { name: 'Surname' }), 'Mokoena');
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), ' nomsa@example.org ');
    await user.click(within(form).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Organiser', hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        firstName: 'Nomsa',
        surname: 'Mokoena',
        email: 'nomsa@example.org',
        role: 'organiser',
      }),
    );
  });

  it('deactivates after a confirmation, and reactivates', async () => {
    const requests = serve();
    const user = userEvent.setup();
    render();
    const table = await screen.findByRole('region', { name: 'Staff members' });
    await user.click(within(table).getByRole('button', { name: 'Deactivate Adele Botha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Adele Botha' });
    expect(within(dialog).getByText(/signed out at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/Staff/Members/5/Deactivate')).toBe(true),
    );

    await user.click(within(table).getByRole('button', { name: 'Reactivate Sipho Ndlovu' }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/Staff/Members/6/Reactivate')).toBe(true),
    );
  });
});
