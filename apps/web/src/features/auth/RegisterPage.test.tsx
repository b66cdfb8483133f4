import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockRequest } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import RegisterPage from './RegisterPage.tsx';
import { accountText } from '../../shared/customer/account-text.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/login', element: <p>login screen</p> },
  { path: '/verify', element: <p>verify screen</p> },
];

const loginResult = {
  token: 'pin-token',
  customerId: 42,
  scope: 'pin',
  expiresAt: '2025-04-01T10:00:00.000Z',
};
const pinSent = { channel: 'email', sentTo: 't***@example.org', resendAfterSeconds: 90 };

/** The server of a fresh address: no account yet, then each step of the register flow. */
function newAccountServer({ method, path }: MockRequest): [number, unknown?] {
  if (path === '/api/Customers/search') return [404, apiError(404, 'NOT_FOUND')];
  if (path === '/api/Customers/CustomerAndUser') return [201, { customerId: 42 }];
  if (path === '/api/Authentication/SilentLogin') return [200, loginResult];
  if (method === 'POST' && path.endsWith('-one-time-pin')) return [200, pinSent];
  return [500, apiError(500, 'UNEXPECTED')];
}

async function fillNames(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'Thandi');
  await user.type(screen.getByRole('textbox', { name: /Surname/ }), 'Nkosi');
}

const create = () => screen.getByRole('button', { name: 'Create An Account' });

describe('RegisterPage (spec 2, 4 and 5)', () => {
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('starts in email mode with South Africa chosen', async () => {
    mockApi(newAccountServer);
    renderRoutes(routes, '/register');
    expect(screen.getByRole('radio', { name: 'Email' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Mobile Number/ })).toBeNull();
    expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveValue('South Africa');
  });

  it('checks the names first, then the identifier of the chosen mode, before any request', async () => {
    const requests = mockApi(newAccountServer);
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(create());
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ color: 'orange', message: accountText('nameRequired') }),
    );

    await fillNames(user);
    await user.click(create());
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: accountText('invalidEmail') }),
    );

    await user.click(screen.getByRole('radio', { name: 'Mobile' }));
    const mobile = screen.getByRole('textbox', { name: /Mobile Number/ });
    await user.type(mobile, '+27 82-12');
    expect(mobile).toHaveValue('278212');
    await user.click(create());
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: accountText('invalidMobile') }),
    );
    expect(show).toHaveBeenCalledTimes(3);
    expect(requests).toEqual([]);
  });

  it('marks the field at fault, focuses it and keeps what was typed (issue 32)', async () => {
    mockApi(newAccountServer);
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    const firstName = screen.getByRole('textbox', { name: /First Name/ });
    const surname = screen.getByRole('textbox', { name: /Surname/ });
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(surname, 'Nkosi');
    await user.type(email, 'not-an-email');
    await user.click(create());
    // The toast as before, and the empty first name marked with it and focused.
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: accountText('nameRequired') }),
    );
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription(accountText('nameRequired'));
    expect(firstName).toHaveFocus();
    expect(surname).not.toHaveAttribute('aria-invalid', 'true');

    await user.type(firstName, 'Thandi');
    expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(create());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(accountText('invalidEmail'));
    expect(email).toHaveFocus();
    expect(email).toHaveValue('not-an-email');
    expect([firstName, surname].map((f) => (f as HTMLInputElement).value)).toEqual([
      'Thandi',
      'Nkosi',
    ]);
  });

  it('keeps a mobile number to 15 digits', async () => {
    mockApi(newAccountServer);
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await user.click(screen.getByRole('radio', { name: 'Mobile' }));
    const mobile = screen.getByRole('textbox', { name: /Mobile Number/ });
    await user.type(mobile, '12345678901234567890');
    expect(mobile).toHaveValue('123456789012345');
  });

  it('warns that the user exists and goes to /login when the search finds an account', async () => {
    const requests = mockApi(() => [200, { exists: true }]);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/register');
    await fillNames(user);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'taken@example.org');
    await user.click(create());
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(show).toHaveBeenCalledOnce();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'orange', message: accountText('userExists') }),
    );
    expect(requests.map((r) => r.path)).toEqual(['/api/Customers/search']);
    expect(requests[0]?.query.get('email')).toBe('taken@example.org');
  });

  it('treats a 409 on create as the same user-exists warning', async () => {
    mockApi((request) =>
      request.path === '/api/Customers/CustomerAndUser'
        ? [409, apiError(409, 'ACCOUNT_EXISTS', 'An account already uses this email')]
        : newAccountServer(request),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await fillNames(user);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'race@example.org');
    await user.click(create());
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(show).toHaveBeenCalledOnce();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: accountText('userExists') }),
    );
  });

  it('creates the account, sends a WhatsApp pin in mobile mode and goes to /verify', async () => {
    const requests = mockApi(newAccountServer);
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await user.click(screen.getByRole('radio', { name: 'Mobile' }));
    await fillNames(user);
    await user.type(screen.getByRole('textbox', { name: /Mobile Number/ }), '0821234567');
    await user.click(create());
    expect(await screen.findByText('verify screen')).toBeInTheDocument();

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/Customers/search',
      'POST /api/Customers/CustomerAndUser',
      'POST /api/Authentication/SilentLogin',
      'POST /api/Customers/42/whatsapp-one-time-pin',
    ]);
    expect(requests[0]?.query.get('mobileNumber')).toBe('0821234567');
    expect(requests[1]?.body).toEqual({
      firstName: 'Thandi',
      surname: 'Nkosi',
      email: '',
      mobileNumber: '0821234567',
      country: 'South Africa',
    });
    expect(requests[2]?.body).toEqual({
      username: '0821234567',
      password: 'none',
      isMobile: true,
    });
    expect(requests[3]?.authorization).toBe('Bearer pin-token');
    // The pin-only token is dropped; what /verify needs stays.
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('username')).toBe('0821234567');
    expect(localStorage.getItem('customerId')).toBe('42');
    expect(localStorage.getItem('mobileMode')).toBe('true');
    expect(show).not.toHaveBeenCalled();
  });

  it('shows the server reason when pins are requested too often, and no generic error', async () => {
    mockApi((request) =>
      request.path.endsWith('-one-time-pin')
        ? [429, apiError(429, 'RATE_LIMITED', 'Too many pins requested. Try again later.')]
        : newAccountServer(request),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/register');
    await fillNames(user);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'busy@example.org');
    await user.click(create());
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'orange',
          message: 'Too many pins requested. Try again later.',
        }),
      ),
    );
    expect(show).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/register');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
