import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRequest } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import MyProfilePage from './MyProfilePage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const customer = {
  customerId: 42,
  firstName: 'Thandi',
  surname: 'Nkosi',
  email: 'parent@example.org',
  mobileNumber: '0821234567',
  country: 'South Africa',
};

function server(initially: boolean) {
  let sendReminders = initially;
  return ({ method, path, body }: MockRequest): [number, unknown?] => {
    if (path === '/api/Customers/42/ReminderSettings') {
      if (method === 'PUT') sendReminders = (body as { sendReminders: boolean }).sendReminders;
      return [200, { sendReminders }];
    }
    return [200, customer];
  };
}

describe('My Profile: Send me reminders', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', '42');
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the family’s setting and turns reminders off', async () => {
    const requests = mockApi(server(true));
    const user = userEvent.setup();
    renderRoutes([{ path: '/my-profile', element: <MyProfilePage /> }], '/my-profile');
    const toggle = await screen.findByRole('switch', { name: /^Send me reminders/ });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
        path: '/api/Customers/42/ReminderSettings',
        body: { sendReminders: false },
      }),
    );
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('turns them on again', async () => {
    const requests = mockApi(server(false));
    const user = userEvent.setup();
    renderRoutes([{ path: '/my-profile', element: <MyProfilePage /> }], '/my-profile');
    const toggle = await screen.findByRole('switch', { name: /^Send me reminders/ });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ sendReminders: true }),
    );
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
