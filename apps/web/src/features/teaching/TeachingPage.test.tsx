import type { Membership } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import TeachingPage from './TeachingPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const approved: Membership = {
  id: 11,
  schoolId: 3,
  schoolName: 'Jacaranda Primary School',
  kind: 'school',
  role: 'coordinator',
  status: 'approved',
  refusalReason: null,
  requestedAt: '2025-02-03T08:00:00.000Z',
  decidedAt: '2025-02-04T08:00:00.000Z',
};
const refused: Membership = {
  ...approved,
  id: 12,
  schoolId: null,
  schoolName: 'Bluegum Studio',
  kind: 'studio',
  role: 'teacher',
  status: 'refused',
  refusalReason: 'We could not reach the studio.',
};

describe('TeachingPage (/teaching)', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', '42');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists the classes with their links and each request with its state and reason', async () => {
    mockApi((r) => {
      if (r.path === '/api/Customers/42/school-memberships') return [200, [approved, refused]];
      if (r.path === '/api/Customers/42/teaching/schools') return [200, []];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    renderRoutes([{ path: '/teaching', element: <TeachingPage /> }], '/teaching');
    const classes = await screen.findByRole('region', { name: 'My classes' });
    expect(within(classes).getByRole('link', { name: 'Open class' })).toHaveAttribute(
      'href',
      '/teaching/class/11',
    );
    expect(within(classes).getByRole('link', { name: 'Enter learners' })).toHaveAttribute(
      'href',
      '/teaching/class/11/enter',
    );
    expect(within(classes).queryByText('Bluegum Studio')).not.toBeInTheDocument();
    const requests = screen.getByRole('region', { name: 'My requests' });
    expect(within(requests).getByText('Reason: We could not reach the studio.')).toBeVisible();
    expect(within(requests).getByRole('button', { name: 'Leave school' })).toBeVisible();
  });

  it('asks for a studio the list does not have, by name and kind', async () => {
    const requests = mockApi((r) => {
      if (r.path === '/api/Customers/42/school-memberships' && r.method === 'POST')
        return [201, { ...refused, status: 'requested', refusalReason: null }];
      if (r.path === '/api/Customers/42/school-memberships') return [200, []];
      if (r.path === '/api/Customers/42/teaching/schools')
        return [200, [{ id: 3, name: 'Jacaranda Primary School', kind: 'school' }]];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/teaching', element: <TeachingPage /> }], '/teaching');
    const form = await screen.findByRole('form', { name: 'Ask to act for a school' });
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(within(form).getByText('Choose your school, or tell us its name.')).toBeVisible();
    await user.click(
      within(form).getByRole('checkbox', { name: 'My school or studio is not listed' }),
    );
    await user.type(
      within(form).getByRole('textbox', { name: 'Name of the school or studio' }),
      ' Bluegum Studio ',
    );
    await user.click(within(form).getByRole('radio', { name: 'A private studio' }));
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        schoolName: 'Bluegum Studio',
        kind: 'studio',
        role: 'teacher',
      }),
    );
  });
});
