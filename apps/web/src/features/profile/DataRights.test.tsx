import type { FamilyErasureRequest } from '@eisteddfod/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { DataRights } from './DataRights.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const pending: FamilyErasureRequest = {
  id: 7,
  status: 'pending',
  requestedAt: '2026-11-25T09:00:00.000Z',
};

function serve(options: { request?: FamilyErasureRequest | null; archive?: number } = {}) {
  let request = options.request ?? null;
  return mockApi((r) => {
    if (r.path === '/api/Customers/42/ErasureRequest' && r.method === 'GET') {
      return [200, { request }];
    }
    if (r.path === '/api/Customers/42/ErasureRequest' && r.method === 'POST') {
      request = pending;
      return [201, pending];
    }
    if (r.path === '/api/Customers/42/DataArchive') {
      return options.archive === 429
        ? [429, apiError(429, 'RATE_LIMITED')]
        : [200, { zip: 'bytes' }];
    }
    return [404, apiError(404, 'NOT_FOUND')];
  });
}

const render = () =>
  renderRoutes([{ path: '/my-profile', element: <DataRights customerId={42} /> }], '/my-profile');

describe('DataRights (My Profile, decision 024)', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    URL.createObjectURL = vi.fn(() => 'blob:archive');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('downloads the archive with the session, as a file', async () => {
    const requests = serve();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const call = requests.find((r) => r.path === '/api/Customers/42/DataArchive');
    expect(call?.authorization).toBe('Bearer session-token');
  });

  it('says so when the archive was downloaded too often', async () => {
    serve({ archive: 429 });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          message: expect.stringMatching(/several times in the last hour/),
        }),
      ),
    );
  });

  it('asks for erasure only after a confirmation, then shows the pending request', async () => {
    const requests = serve();
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Ask us to erase my data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase your data?' });
    expect(within(dialog).getByText(/kept without any names for five years/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Ask us to erase my data' }));
    const again = await screen.findByRole('dialog', { name: 'Erase your data?' });
    await user.click(within(again).getByRole('button', { name: 'Ask to erase my data' }));
    expect(await screen.findByText(/You asked us on 25 November 2026/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Ask us to erase my data' })).toBeNull();
  });

  it('shows a pending request instead of the button', async () => {
    serve({ request: pending });
    render();
    expect(await screen.findByText('Erasure requested')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask us to erase my data' })).toBeNull();
  });
});
