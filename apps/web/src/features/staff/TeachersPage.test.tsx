import type { StaffMembership, StaffSchool, StaffTeachers } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import TeachersPage from './TeachersPage.tsx';
import { organiser } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const request: StaffMembership = {
  id: 5,
  customerId: 70,
  teacherName: 'Nomvula Zulu',
  email: 'nomvula@example.org',
  mobileNumber: '+27821234567',
  schoolId: null,
  schoolName: 'Jacaranda Prim',
  proposedSchoolName: 'Jacaranda Prim',
  kind: 'school',
  role: 'teacher',
  status: 'requested',
  refusalReason: null,
  requestedAt: '2025-02-03T08:00:00.000Z',
  decidedAt: null,
  lookAlikes: [{ id: 3, name: 'Jacaranda Primary School', kind: 'school' }],
  learners: 0,
};
const schools: StaffSchool[] = [
  {
    id: 3,
    name: 'Jacaranda Primary School',
    kind: 'school',
    contestants: 9,
    teachers: 0,
    fixed: false,
  },
];
const teachers: StaffTeachers = { waiting: [request], approved: [] };

describe('TeachersPage (/staff/teachers)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const serve = () =>
    mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Teachers') return [200, teachers];
      if (r.path === '/api/Staff/Schools') return [200, schools];
      if (r.path === '/api/Staff/Teachers/5/Approve')
        return [200, { ...request, status: 'approved', schoolId: 3 }];
      if (r.path === '/api/Staff/Teachers/5/Refuse')
        return [200, { ...request, status: 'refused' }];
      return [404, apiError(404, 'NOT_FOUND')];
    });

  it('approves a new name as the look-alike on the list, offered first', async () => {
    const requests = serve();
    const user = userEvent.setup();
    renderRoutes([{ path: '/staff/teachers', element: <TeachersPage /> }], '/staff/teachers');
    const card = await screen.findByRole('article');
    expect(within(card).getByText(/Looks like: Jacaranda Primary School/)).toBeVisible();
    expect(within(card).getByText(/nomvula@example.org/)).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Approve Nomvula Zulu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Nomvula Zulu' });
    expect(
      within(dialog).getByRole('radio', { name: 'Jacaranda Primary School (on the list)' }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/Staff/Teachers/5/Approve')?.body).toEqual({
        schoolId: 3,
      }),
    );
  });

  it('refuses only with a reason', async () => {
    const requests = serve();
    const user = userEvent.setup();
    renderRoutes([{ path: '/staff/teachers', element: <TeachersPage /> }], '/staff/teachers');
    await user.click(await screen.findByRole('button', { name: 'Refuse Nomvula Zulu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse Nomvula Zulu' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(within(dialog).getByText('Please give the teacher a reason.')).toBeVisible();
    expect(requests.some((r) => r.path.endsWith('/Refuse'))).toBe(false);
    await user.type(within(dialog).getByRole('textbox'), 'Not known to the school.');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/Staff/Teachers/5/Refuse')?.body).toEqual({
        reason: 'Not known to the school.',
      }),
    );
  });
});
