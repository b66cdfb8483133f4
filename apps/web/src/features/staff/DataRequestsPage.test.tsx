import type { StaffErasureRequest } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import DataRequestsPage from './DataRequestsPage.tsx';
import { organiser } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const pending: StaffErasureRequest = {
  id: 3,
  customerId: 42,
  status: 'pending',
  requestedBy: 'family',
  familyName: 'Thandi Nkosi',
  email: 'thandi@example.org',
  mobileNumber: '0821234567',
  requestedAt: '2026-11-20T08:00:00.000Z',
  completedAt: null,
  counts: null,
};
const done: StaffErasureRequest = {
  id: 2,
  customerId: 17,
  status: 'done',
  requestedBy: 'organiser',
  familyName: null,
  email: null,
  mobileNumber: null,
  requestedAt: '2026-11-01T08:00:00.000Z',
  completedAt: '2026-11-02T08:00:00.000Z',
  counts: { loginIdentities: 1, contestantsAnonymised: 2, files: 0 },
};

function serve(list: StaffErasureRequest[] = [pending, done]) {
  return mockApi((r) => {
    if (r.path === '/api/Staff/Me') return [200, organiser];
    if (r.path === '/api/Staff/DataRequests') return [200, list];
    if (r.path === '/api/Staff/DataRequests/3/Erase') {
      return [200, { ...pending, status: 'done', familyName: null, email: null, counts: {} }];
    }
    return [404, apiError(404, 'NOT_FOUND')];
  });
}

const render = () =>
  renderRoutes(
    [{ path: '/staff/data-requests', element: <DataRequestsPage /> }],
    '/staff/data-requests',
  );

describe('DataRequestsPage (/staff/data-requests)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists pending and done requests; a done one shows what was removed, no name', async () => {
    serve();
    render();
    const table = await screen.findByRole('region', { name: 'Requests for erasure' });
    const open = within(table).getByRole('row', { name: /Thandi Nkosi/ });
    expect(within(open).getByText('Pending')).toBeInTheDocument();
    expect(within(open).getByText('thandi@example.org')).toBeInTheDocument();
    const closed = within(table).getByRole('row', { name: /Account 17/ });
    expect(within(closed).getByText('Done')).toBeInTheDocument();
    expect(within(closed).getByText(/1 login identities, 2 contestants anonymised/)).toBeVisible();
    expect(within(closed).queryByRole('button')).toBeNull();
  });

  it('carries out an erasure after a confirmation naming what goes and what stays', async () => {
    const requests = serve();
    const user = userEvent.setup();
    render();
    await user.click(
      await screen.findByRole('button', { name: 'Carry out erasure of Thandi Nkosi' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Erase Thandi Nkosi' });
    expect(
      within(dialog).getByText(/Orders, entries, amounts and payment references/),
    ).toBeVisible();
    expect(within(dialog).getByText(/Uploaded files, videos and certificates/)).toBeVisible();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/Staff/DataRequests/3/Erase')).toBe(true),
    );
  });

  it('says when no family has asked', async () => {
    serve([]);
    render();
    expect(await screen.findByText('No family has asked for erasure.')).toBeInTheDocument();
  });
});
