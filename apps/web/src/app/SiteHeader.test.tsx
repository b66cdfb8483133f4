import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../test/api-mock.ts';
import { renderRoutes } from '../test/render.tsx';
import { LOGGED_OUT_MESSAGE } from './menu.ts';
import { SiteHeader } from './SiteHeader.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const routes = [{ path: '*', element: <SiteHeader /> }];
const mainMenu = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('SiteHeader (spec 2, menu)', () => {
  afterEach(() => vi.clearAllMocks());

  it('offers Enter Now, INFO, Login and Sign Up when logged out', () => {
    renderRoutes(routes, '/');
    const labels = mainMenu()
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual(['Enter Now', 'INFO', 'Login', 'Sign Up']);
  });

  it('highlights only Sign Up on /register, though Enter Now goes there too', () => {
    renderRoutes(routes, '/register');
    expect(mainMenu().getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(mainMenu().getByRole('link', { name: 'Enter Now' })).not.toHaveAttribute('aria-current');
    expect(mainMenu().getByRole('link', { name: 'Enter Now' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('shows My Class to a family once an organiser approved one of its requests (decision 061)', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('customerId', '42');
    let status = 'requested';
    mockApi((r) =>
      r.path === '/api/Customers/42/school-memberships'
        ? [
            200,
            [
              {
                id: 1,
                schoolId: 3,
                schoolName: 'Jacaranda Primary School',
                kind: 'school',
                role: 'teacher',
                status,
                refusalReason: null,
                requestedAt: '2025-02-03T08:00:00.000Z',
                decidedAt: null,
              },
            ],
          ]
        : [404, apiError(404, 'NOT_FOUND')],
    );
    const waiting = renderRoutes(routes, '/');
    await screen.findByRole('link', { name: 'My Orders' });
    await new Promise((done) => setTimeout(done, 50));
    expect(mainMenu().queryByRole('link', { name: 'My Class' })).not.toBeInTheDocument();
    waiting.unmount();
    status = 'approved';
    renderRoutes(routes, '/');
    expect(await mainMenu().findByRole('link', { name: 'My Class' })).toHaveAttribute(
      'href',
      '/teaching',
    );
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('draws Logout as the other entries are drawn', () => {
    localStorage.setItem('token', 't');
    renderRoutes(routes, '/');
    const link = mainMenu().getByRole('link', { name: 'My Orders' });
    const logout = mainMenu().getByRole('button', { name: 'Logout' });
    for (const name of link.classList) expect(logout).toHaveClass(name);
  });

  it('offers the customer menu and Logout when logged in', () => {
    localStorage.setItem('token', 't');
    renderRoutes(routes, '/');
    const labels = mainMenu()
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual([
      'Contestant Details',
      'INFO',
      'Uploads',
      'My Profile',
      'My Orders',
      'My Cart',
    ]);
    expect(mainMenu().getByRole('link', { name: 'My Cart' })).toHaveAttribute('href', '/checkout');
    expect(mainMenu().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('logs out: clears the session, says so, returns home', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('customerId', '7');
    const { router } = renderRoutes(routes, '/my-orders');
    await userEvent.click(mainMenu().getByRole('button', { name: 'Logout' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('customerId')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
      expect.objectContaining({ message: LOGGED_OUT_MESSAGE }),
    );
    expect(mainMenu().getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
