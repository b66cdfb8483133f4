import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { LOGIN_REQUIRED, RequireLogin } from './RequireLogin.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const routes = [
  { path: '/login', element: <p>login screen</p> },
  { element: <RequireLogin />, children: [{ path: '/uploads', element: <p>uploads screen</p> }] },
];

describe('RequireLogin (spec 2, the guard)', () => {
  afterEach(() => vi.clearAllMocks());

  it('warns, clears the session and redirects to /login without a token', async () => {
    localStorage.setItem('username', 'someone@example.com');
    localStorage.setItem('participantProfiles', '[]');
    const { router } = renderRoutes(routes, '/uploads');
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
      expect.objectContaining({ message: LOGIN_REQUIRED }),
    );
    expect(localStorage.getItem('username')).toBeNull();
    expect(localStorage.getItem('participantProfiles')).toBeNull();
  });

  it('shows the screen when a token is stored', async () => {
    localStorage.setItem('token', 'a-token');
    renderRoutes(routes, '/uploads');
    expect(await screen.findByText('uploads screen')).toBeInTheDocument();
    expect(vi.mocked(notifications.show)).not.toHaveBeenCalled();
  });
});
