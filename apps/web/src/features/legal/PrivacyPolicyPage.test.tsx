import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { PUBLIC_SITE } from '../../test/public-site-fixture.ts';
import { renderRoutes } from '../../test/render.tsx';
import PrivacyPolicyPage from './PrivacyPolicyPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const routes = [
  {
    path: '/privacy-policy',
    element: (
      <Suspense fallback="Loading">
        <PrivacyPolicyPage />
      </Suspense>
    ),
  },
];

describe('PrivacyPolicyPage (spec 2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the contact address under the loading overlay, so nothing moves when it comes', async () => {
    mockApi((r) =>
      r.path === '/api/content' ? [200, PUBLIC_SITE] : [500, apiError(500, 'UNEXPECTED')],
    );
    renderRoutes(routes, '/privacy-policy');
    // Filled in on screen, the address pushed the contents down (layout shift 0.10).
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const email = PUBLIC_SITE.content.contactEmail;
    expect(screen.getAllByRole('link', { name: email })[0]).toHaveAttribute(
      'href',
      `mailto:${email}`,
    );
  });

  it('shows without the address when the content fails, pointing to the contact page', async () => {
    mockApi(() => [404, apiError(404, 'NOT_FOUND')]);
    renderRoutes(routes, '/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getAllByRole('link', { name: 'contact page' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });
});
