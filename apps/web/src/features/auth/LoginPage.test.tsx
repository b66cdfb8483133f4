import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import LoginPage from './LoginPage.tsx';
import { accountText } from '../../shared/customer/account-text.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/verify', element: <p>verify screen</p> },
];
const requestOtp = () => screen.getByRole('button', { name: 'Request OTP' });

describe('LoginPage (spec 2, 4, 5 and 8)', () => {
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('warns about an empty identifier without calling the server', async () => {
    const requests = mockApi(() => [500]);
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '   ');
    await user.click(requestOtp());
    expect(show).toHaveBeenCalledOnce();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'orange',
        title: 'Invalid input',
        message: accountText('emptyLogin'),
      }),
    );
    // Issue 32: the field is marked and focused as well.
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('says there is no account on a silent-login 404, and only that', async () => {
    mockApi(() => [404, apiError(404, 'NOT_FOUND')]);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/login');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody@example.org');
    await user.click(requestOtp());
    await waitFor(() => expect(show).toHaveBeenCalled());
    expect(show).toHaveBeenCalledOnce();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'red',
        title: 'User not found',
        message: accountText('noAccount', { username: 'nobody@example.org' }),
      }),
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('username')).toBeNull();
    // The server's refusal names the address: marked with it, focused, kept as typed.
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAccessibleDescription(
      accountText('noAccount', { username: 'nobody@example.org' }),
    );
    expect(email).toHaveFocus();
    expect(email).toHaveValue('nobody@example.org');
  });

  it('logs in by mobile: silent login, WhatsApp pin, token dropped, on to /verify', async () => {
    const requests = mockApi(({ path }) =>
      path === '/api/Authentication/SilentLogin'
        ? [
            200,
            { token: 'pin-token', customerId: 9, scope: 'pin', expiresAt: '2025-04-01T10:00:00Z' },
          ]
        : [200, { channel: 'whatsapp', sentTo: '****4567', resendAfterSeconds: 90 }],
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.click(screen.getByRole('radio', { name: 'Mobile' }));
    await user.type(screen.getByRole('textbox', { name: /Mobile Number/ }), '082 123 4567');
    await user.click(requestOtp());
    expect(await screen.findByText('verify screen')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/Authentication/SilentLogin',
      'POST /api/Customers/9/whatsapp-one-time-pin',
    ]);
    expect(requests[0]?.body).toEqual({ username: '0821234567', password: 'none', isMobile: true });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('username')).toBe('0821234567');
    expect(localStorage.getItem('customerId')).toBe('9');
    expect(localStorage.getItem('mobileMode')).toBe('true');
  });

  it('still goes to /verify when a pin was sent moments ago', async () => {
    mockApi(({ path }) =>
      path === '/api/Authentication/SilentLogin'
        ? [200, { token: 't', customerId: 9, scope: 'pin', expiresAt: '2025-04-01T10:00:00Z' }]
        : [429, apiError(429, 'PIN_RESEND_TOO_SOON', 'Please wait 60 seconds for a new pin')],
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'parent@example.org');
    await user.click(requestOtp());
    expect(await screen.findByText('verify screen')).toBeInTheDocument();
    expect(show).toHaveBeenCalledOnce();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Please wait 60 seconds for a new pin' }),
    );
    expect(localStorage.getItem('token')).toBeNull();
  });
});
