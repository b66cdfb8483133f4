import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { nextScreens, usePrefetchNextScreens } from './prefetch-next-screens.ts';

function Layout() {
  usePrefetchNextScreens();
  return <Outlet />;
}

describe('the next screens fetched ahead (issue 32)', () => {
  it("fetches the code of the screens a route names as next, once, and nothing else's", async () => {
    const verify = vi.fn(() => Promise.resolve({ default: null }));
    const contestants = vi.fn(() => Promise.reject(new Error('offline')));
    const { router } = renderRoutes(
      [
        {
          element: <Layout />,
          children: [
            { path: '/register', element: <p>register</p>, handle: nextScreens(verify) },
            { path: '/verify', element: <p>verify</p>, handle: nextScreens(contestants) },
            { path: '/terms', element: <p>terms</p> },
          ],
        },
      ],
      '/register',
    );
    expect(await screen.findByText('register')).toBeInTheDocument();
    await waitFor(() => expect(verify).toHaveBeenCalledTimes(1));
    expect(contestants).not.toHaveBeenCalled();
    // A failed fetch ahead is quiet: the screen fetches its code again when it is opened.
    await router.navigate('/verify');
    await waitFor(() => expect(contestants).toHaveBeenCalledTimes(1));
    await router.navigate('/terms');
    expect(await screen.findByText('terms')).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it("fetches a next screen's first data only for a family with a session", async () => {
    const prefetchData = vi.fn(() => Promise.resolve());
    const uploads = () => Promise.resolve({ default: null, prefetchData });
    const routes = [
      {
        element: <Layout />,
        children: [{ path: '/confirmation', element: <p>paid</p>, handle: nextScreens(uploads) }],
      },
    ];
    localStorage.setItem('customerId', '42');
    renderRoutes(routes, '/confirmation');
    expect(await screen.findByText('paid')).toBeInTheDocument();
    // No token: no session, and a call would only be refused.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(prefetchData).not.toHaveBeenCalled();

    localStorage.setItem('token', 'a-token');
    renderRoutes(routes, '/confirmation');
    await waitFor(() => expect(prefetchData).toHaveBeenCalledWith(expect.anything(), 42));
  });
});
