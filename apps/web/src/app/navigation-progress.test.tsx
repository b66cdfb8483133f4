import { act, screen } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { followNavigations, useNavigationSettled } from './navigation-progress.ts';

function Layout() {
  useNavigationSettled();
  return (
    <main id="main">
      <Suspense fallback={<p>first load</p>}>
        <Outlet />
      </Suspense>
    </main>
  );
}

describe('navigation progress (issue 32: feedback within 100 ms of a tap)', () => {
  it('marks the page as moving from the address change until the next screen is committed', async () => {
    let arrive: (screen: { default: ComponentType }) => void = () => {};
    const Slow = lazy(() => new Promise<{ default: ComponentType }>((r) => (arrive = r)));
    const { router } = renderRoutes(
      [
        {
          element: <Layout />,
          children: [
            { path: '/a', element: <p>screen a</p> },
            { path: '/b', element: <Slow /> },
          ],
        },
      ],
      '/a',
    );
    expect(await screen.findByText('screen a')).toBeInTheDocument();
    const stop = followNavigations(router);
    const moving = () => document.documentElement.hasAttribute('data-navigating');
    expect(moving()).toBe(false);

    await act(() => router.navigate('/b'));
    // The code of /b is still on its way: the last screen stays, marked as moving.
    expect(screen.getByText('screen a')).toBeInTheDocument();
    expect(moving()).toBe(true);
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');

    await act(async () => arrive({ default: () => <p>screen b</p> }));
    expect(await screen.findByText('screen b')).toBeInTheDocument();
    expect(moving()).toBe(false);
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
    stop();
  });
});
