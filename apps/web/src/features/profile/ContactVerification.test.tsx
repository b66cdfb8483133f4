import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRequest } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import MyProfilePage from './MyProfilePage.tsx';
import { accountText } from '../../shared/customer/account-text.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

/** A family signed in with its email, whose typed mobile number is not proved yet. */
function contactServer() {
  const state = { mobileNumberVerified: false };
  const handler = ({ method, path, body }: MockRequest): [number, unknown?] => {
    if (path === '/api/Customers/42/ContactPin' && method === 'POST')
      return [200, { channel: 'whatsapp', sentTo: '+27•••••567', resendAfterSeconds: 90 }];
    if (path === '/api/Customers/42/ContactPin' && method === 'PUT') {
      const ok = (body as { pin: string }).pin === '123456';
      if (ok) state.mobileNumberVerified = true;
      return [200, ok];
    }
    if (path === '/api/Customers/42')
      return [
        200,
        {
          customerId: 42,
          firstName: 'Thandi',
          surname: 'Nkosi',
          email: 'parent@example.org',
          mobileNumber: '0821234567',
          country: 'South Africa',
          emailVerified: true,
          mobileNumberVerified: state.mobileNumberVerified,
        },
      ];
    if (path.endsWith('/ReminderSettings')) return [200, { sendReminders: true }];
    return [200, { request: null }];
  };
  return handler;
}

describe('My Profile: a contact number proved with a pin (decision 031)', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', '42');
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows 'Not verified yet' until the pin sent to the number is entered", async () => {
    const requests = mockApi(contactServer());
    const user = userEvent.setup();
    renderRoutes([{ path: '/my-profile', element: <MyProfilePage /> }], '/my-profile');
    // Only the mobile number waits: the email signed in with a pin.
    expect(await screen.findAllByText(accountText('contactNotVerified'))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Verify email address' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Verify mobile number' }));
    const dialog = await screen.findByRole('dialog', { name: 'OTP Verification Code' });
    expect(within(dialog).getByText('+27•••••567')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ contact: 'mobileNumber' });
    expect(within(dialog).getByRole('button', { name: 'Send New Code' })).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Digit 1 of 6' }), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Code' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'orange', message: accountText('pinInvalid') }),
      ),
    );
    expect(screen.getByText(accountText('contactNotVerified'))).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Digit 1 of 6' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Code' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'teal', message: accountText('contactVerified') }),
      ),
    );
    await waitFor(() => expect(screen.queryByText(accountText('contactNotVerified'))).toBeNull());
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { contact: 'mobileNumber', pin: '654321' },
      { contact: 'mobileNumber', pin: '123456' },
    ]);
    // The profile itself was not submitted by the pin's form.
    expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/Customers/42')).toBe(false);
    // Twelve typed digits and two dialogs: slow on a busy two-core machine.
  }, 45_000);
});
