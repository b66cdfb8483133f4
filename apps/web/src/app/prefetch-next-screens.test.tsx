import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { nextScreens, PrefetchNextScreens, SCREEN_FILES } from './prefetch-next-screens.ts';

function Layout() {
  return (
    <>
      <PrefetchNextScreens />
      <Outlet />
    </>
  );
}

const FILES = {
  '/verify': ['/assets/VerifyPage-a1.js', '/assets/PinFields-b2.js', '/assets/VerifyPage-c3.css'],
  '/participant-profiles': ['/assets/ContestantsPage-d4.js'],
};
const prefetched = () =>
  [...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute('href'));

describe('the next screens fetched ahead (issue 32, decision 051)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelectorAll('link[rel="prefetch"]').forEach((l) => l.remove());
  });

  it("asks the browser to fetch the files of the route's next screens, without running them", async () => {
    const fetched = vi.fn(async () => new Response(JSON.stringify(FILES)));
    vi.stubGlobal('fetch', fetched);
    const { router } = renderRoutes(
      [
        {
          element: <Layout />,
          children: [
            { path: '/register', element: <p>register</p>, handle: nextScreens(['/verify']) },
            { path: '/terms', element: <p>terms</p> },
          ],
        },
      ],
      '/register',
    );
    expect(await screen.findByText('register')).toBeInTheDocument();
    // Nothing before anyone has used the page.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetched).not.toHaveBeenCalled();
    fireEvent.pointerDown(document.body);
    // The tap is answered first: nothing is asked for within its own event.
    await Promise.resolve();
    expect(fetched).not.toHaveBeenCalled();
    const scripts = FILES['/verify'].filter((f) => f.endsWith('.js'));
    await waitFor(() => expect(prefetched()).toEqual(scripts));
    expect(fetched).toHaveBeenCalledWith(SCREEN_FILES);
    // The cached copy is used only if asked for as the module loader asks.
    expect(document.head.querySelector('link[rel="prefetch"]')).toHaveAttribute('crossorigin', '');
    // A screen that names none fetches nothing more.
    await router.navigate('/terms');
    expect(await screen.findByText('terms')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(prefetched()).toEqual(scripts);
  });

  it("fetches a next screen's first data only for a family with a session, and quietly", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(FILES))),
    );
    const prefetchData = vi.fn(() => Promise.resolve());
    const uploads = () => Promise.resolve({ prefetchData });
    const routes = [
      {
        element: <Layout />,
        children: [
          { path: '/confirmation', element: <p>paid</p>, handle: nextScreens([], uploads) },
        ],
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
