import type { Adjudicator, StaffMe } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import AdjudicatorsPage from './AdjudicatorsPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const organiser: StaffMe = {
  customerId: 1,
  firstName: 'Olwethu',
  surname: 'Staff',
  role: 'organiser',
};
const invited: Adjudicator = {
  id: 7,
  firstName: 'Pieter',
  surname: 'Marais',
  email: 'pieter@example.org',
  assignments: [],
  conflicts: [],
  progress: { assigned: 0, drafts: 0, submitted: 0 },
};

describe('AdjudicatorsPage (/staff/adjudicators)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('invites an adjudicator with what was typed into the form', async () => {
    let list: Adjudicator[] = [];
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Adjudicators' && r.method === 'GET') return [200, list];
      if (r.path === '/api/Staff/Adjudicators' && r.method === 'POST') {
        list = [invited];
        return [201, invited];
      }
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/staff/adjudicators', element: <AdjudicatorsPage /> }],
      '/staff/adjudicators',
    );
    const form = await screen.findByRole('form', { name: 'Invite an adjudicator' });
    expect(await screen.findByText('No adjudicators yet.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    // The shared schema's rules and messages (InviteAdjudicatorSchema), as the server checks.
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(form).getAllByText('Please enter a name')).toHaveLength(2);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    // Typing used to throw: the change handler read the event inside a state updater.
    await user.type(within(form).getByRole('textbox', { name: 'First name' }), '  Pieter ');
    await user.type(within(form).getByRole('textbox', { name: 'Surname' }), 'Marais');
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), ' pieter@example.org ');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        firstName: 'Pieter',
        surname: 'Marais',
        email: 'pieter@example.org',
      }),
    );
    expect(await screen.findByRole('article', { name: 'Pieter Marais' })).toHaveTextContent(
      'Nothing assigned yet.',
    );
    expect(within(form).getByRole('textbox', { name: 'First name' })).toHaveValue('');
  });
});
