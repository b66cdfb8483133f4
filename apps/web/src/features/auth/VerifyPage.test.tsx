import { DEACTIVATION_MESSAGES, PIN_RESEND_SECONDS } from '@eisteddfod/shared';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockRequest } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { WRONG_PIN } from '../../shared/pins/wrong-pin.ts';
import VerifyPage from './VerifyPage.tsx';
import { accountText } from '../../shared/customer/account-text.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const routes = [
  { path: '/verify', element: <VerifyPage /> },
  { path: '/login', element: <p>login screen</p> },
  { path: '/participant-profiles', element: <p>profiles screen</p> },
  { path: '/staff', element: <p>console overview</p> },
  { path: '/staff/marking', element: <p>marking list</p> },
];

/** A session token naming `role`, as the server signs them (the web reads only the payload). */
const tokenFor = (role: string) =>
  `h.${btoa(JSON.stringify({ sub: 42, role })).replace(/=+$/, '')}.s`;

const login = (scope: 'pin' | 'session') => ({
  token: `${scope}-token`,
  customerId: 42,
  scope,
  expiresAt: '2025-04-01T10:00:00.000Z',
});

/** A server where 123456 is the pin of customer 42. */
function pinServer({ method, path, query }: MockRequest): [number, unknown?] {
  if (method === 'PUT' && path === '/api/Customers/42/email-one-time-pin') {
    return [200, query.get('pin') === '123456'];
  }
  if (path === '/api/Authentication/SilentLogin') return [200, login('session')];
  return [500, apiError(500, 'UNEXPECTED')];
}

const sendNewCode = () => screen.getByRole('button', { name: 'Send New Code' });

async function typePin(user: ReturnType<typeof userEvent.setup>, pin: string) {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(pin);
}

describe('VerifyPage (spec 2, 4 and 8)', () => {
  beforeEach(() => {
    localStorage.setItem('username', 'parent@example.org');
    localStorage.setItem('customerId', '42');
    localStorage.setItem('mobileMode', 'false');
  });
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the user to /login when no pin is waiting', async () => {
    localStorage.clear();
    mockApi(() => [500]);
    renderRoutes(routes, '/verify');
    expect(await screen.findByText('login screen')).toBeInTheDocument();
  });

  it('says where the code went and offers six single-digit inputs', () => {
    mockApi(pinServer);
    renderRoutes(routes, '/verify');
    expect(screen.getByRole('heading', { name: 'OTP Verification Code' })).toBeInTheDocument();
    expect(screen.getByText('parent@example.org')).toBeInTheDocument();
    const digits = screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ });
    expect(digits).toHaveLength(6);
    expect(digits[0]).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('keeps Send New Code disabled until the 90-second countdown ends', () => {
    vi.useFakeTimers();
    mockApi(pinServer);
    renderRoutes(routes, '/verify');
    expect(PIN_RESEND_SECONDS).toBe(90);
    expect(sendNewCode()).toBeDisabled();
    expect(screen.getByText('You can send a new code in 90 seconds.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('You can send a new code in 89 seconds.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(88_000));
    expect(screen.getByText('You can send a new code in 1 second.')).toBeInTheDocument();
    expect(sendNewCode()).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(sendNewCode()).toBeEnabled();
  });

  it('warns about a wrong pin, keeps the digits and marks the boxes, from the first', async () => {
    const requests = mockApi(pinServer);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/verify');
    await typePin(user, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'orange',
          title: 'Invalid OTP',
          message: accountText('pinInvalid'),
        }),
      ),
    );
    expect(requests.map((r) => r.query.get('pin'))).toEqual(['654321']);
    const first = screen.getByRole('textbox', { name: 'Digit 1 of 6' });
    expect(first).toHaveValue('6');
    expect(screen.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue('1');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'One-time pin' })).toHaveAccessibleDescription(
      WRONG_PIN,
    );
    await waitFor(() => expect(first).toHaveFocus());
    // A digit corrected: the mark goes.
    await user.keyboard('7');
    expect(screen.queryByText(WRONG_PIN)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('treats an incomplete pin as invalid without asking the server', async () => {
    const requests = mockApi(pinServer);
    const user = userEvent.setup();
    renderRoutes(routes, '/verify');
    await typePin(user, '123');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Invalid OTP', message: accountText('pinInvalid') }),
    );
    expect(requests).toEqual([]);
  });

  it('tells a deactivated member of staff why the right pin starts no session', async () => {
    const message = DEACTIVATION_MESSAGES.deactivated;
    mockApi((r) =>
      r.path === '/api/Authentication/SilentLogin'
        ? [403, apiError(403, 'STAFF_DEACTIVATED', message)]
        : pinServer(r),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/verify');
    await typePin(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message })),
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByText('profiles screen')).not.toBeInTheDocument();
  });

  it('on the right pin: success, silent login again, session stored, on to the profiles', async () => {
    const requests = mockApi(pinServer);
    const user = userEvent.setup();
    renderRoutes(routes, '/verify');
    await typePin(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('profiles screen')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'teal',
        title: 'Success',
        message: accountText('pinValidated'),
      }),
    );
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/Customers/42/email-one-time-pin',
      'POST /api/Authentication/SilentLogin',
    ]);
    expect(requests[1]?.body).toEqual({
      username: 'parent@example.org',
      password: 'none',
      isMobile: false,
    });
    expect(localStorage.getItem('token')).toBe('session-token');
    expect(localStorage.getItem('customerId')).toBe('42');
  });

  it.each([
    ['organiser', 'console overview'],
    ['adjudicator', 'marking list'],
  ])('lands a signed-in %s on the console (issue 34): %s', async (role, screenName) => {
    mockApi((request) =>
      request.path === '/api/Authentication/SilentLogin'
        ? [200, { ...login('session'), token: tokenFor(role) }]
        : pinServer(request),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/verify');
    await typePin(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText(screenName)).toBeInTheDocument();
  });

  it('fills all six inputs from a pasted code', async () => {
    mockApi(pinServer);
    const user = userEvent.setup();
    renderRoutes(routes, '/verify');
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('123456');
    const digits = screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ });
    expect(digits.map((d) => (d as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
  });

  describe('Send New Code', () => {
    async function afterCountdown(answer: (request: MockRequest) => [number, unknown?]) {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const requests = mockApi(answer);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderRoutes(routes, '/verify');
      act(() => vi.advanceTimersByTime(PIN_RESEND_SECONDS * 1000));
      await user.click(sendNewCode());
      return requests;
    }

    it('logs in silently, requests a new pin, drops the token and restarts the countdown', async () => {
      localStorage.setItem('mobileMode', 'true');
      localStorage.setItem('username', '0821234567');
      const requests = await afterCountdown(({ path }) =>
        path === '/api/Authentication/SilentLogin'
          ? [200, login('pin')]
          : [200, { channel: 'whatsapp', sentTo: '****4567', resendAfterSeconds: 90 }],
      );
      await waitFor(() => expect(sendNewCode()).toBeDisabled());
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /api/Authentication/SilentLogin',
        'POST /api/Customers/42/whatsapp-one-time-pin',
      ]);
      expect(requests[1]?.authorization).toBe('Bearer pin-token');
      expect(localStorage.getItem('token')).toBeNull();
      expect(screen.getByText('You can send a new code in 90 seconds.')).toBeInTheDocument();
      expect(show).not.toHaveBeenCalled();
    });

    it('says the OTP could not be sent on a 404', async () => {
      await afterCountdown(() => [404, apiError(404, 'NOT_FOUND')]);
      await waitFor(() =>
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({
            color: 'red',
            title: 'Error',
            message: accountText('pinSendFailed'),
          }),
        ),
      );
      expect(show).toHaveBeenCalledOnce();
    });

    it('shows the server reason on a 429', async () => {
      await afterCountdown(({ path }) =>
        path === '/api/Authentication/SilentLogin'
          ? [200, login('pin')]
          : [429, apiError(429, 'PIN_RESEND_TOO_SOON', 'Please wait before asking again')],
      );
      await waitFor(() =>
        expect(show).toHaveBeenCalledWith(
          expect.objectContaining({ color: 'orange', message: 'Please wait before asking again' }),
        ),
      );
      expect(show).toHaveBeenCalledOnce();
      expect(localStorage.getItem('token')).toBeNull();
    });
  });
});
