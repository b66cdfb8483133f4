import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { PUBLIC_SITE } from '../../test/public-site-fixture.ts';
import { renderRoutes } from '../../test/render.tsx';
import InfoPage from './InfoPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

// Under a Suspense boundary with the footer, as AppLayout puts every screen.
const routes = [
  {
    path: '/Events/Concours',
    element: (
      <Suspense fallback="Loading">
        <InfoPage />
        <footer>footer</footer>
      </Suspense>
    ),
  },
];

describe('InfoPage (spec 2, Events/Concours)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the content under the loading overlay, footer included, and then shows complete', async () => {
    mockApi((r) =>
      r.path === '/api/content' ? [200, PUBLIC_SITE] : [500, apiError(500, 'UNEXPECTED')],
    );
    renderRoutes(routes, '/Events/Concours');
    // Drawn before the content, the footer was pushed down when it came (layout shift 0.20).
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('footer')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: PUBLIC_SITE.event.name }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Adjudicators' })).toBeInTheDocument();
    expect(screen.getByText('footer')).toBeInTheDocument();
  });

  it('says the information could not be loaded when the content fails', async () => {
    mockApi(() => [404, apiError(404, 'NOT_FOUND')]);
    renderRoutes(routes, '/Events/Concours');
    expect(
      await screen.findByText(/The competition information could not be loaded just now/),
    ).toBeInTheDocument();
    expect(screen.getByText('footer')).toBeInTheDocument();
  });

  it('says entries are not open yet on a new site with no event, as the home page does', async () => {
    mockApi(() => [404, apiError(404, 'EVENT_NOT_FOUND')]);
    renderRoutes(routes, '/Events/Concours');
    expect(
      await screen.findByText('Entries are not open yet. Please check back soon.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });
});
