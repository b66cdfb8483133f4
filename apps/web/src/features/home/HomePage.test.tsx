import { screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { PUBLIC_SITE } from '../../test/public-site-fixture.ts';
import { renderRoutes } from '../../test/render.tsx';
import { storeSitePreview } from '../../shared/event/site-preview.ts';
import HomePage from './HomePage.tsx';

// Under a Suspense boundary, as AppLayout puts every screen: the page waits for its content.
const routes = [
  {
    path: '/',
    element: (
      <Suspense fallback="Loading">
        <HomePage />
      </Suspense>
    ),
  },
];

describe('HomePage (spec 2, Home page)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an organiser’s unpublished words when opened as a preview, and only then', async () => {
    mockApi((r) =>
      r.path === '/api/content' ? [200, PUBLIC_SITE] : [500, apiError(500, 'UNEXPECTED')],
    );
    storeSitePreview({
      title: 'Online Eisteddfod 2026',
      intro: 'Next year, from wherever you are.',
      faq: [
        { question: 'Can a school enter a whole class?', answer: 'Yes.' },
        ...PUBLIC_SITE.content.faq,
      ],
    });
    const { unmount } = renderRoutes(routes, '/?preview=1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Online Eisteddfod 2026' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/Preview/);
    expect(
      screen.getByRole('heading', { level: 3, name: 'Can a school enter a whole class?' }),
    ).toBeInTheDocument();
    unmount();

    renderRoutes(routes, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Online Eisteddfod 2025' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    sessionStorage.clear();
  });

  it('previews the draft’s gallery, schools and adjudicators, uploaded pictures included', async () => {
    mockApi((r) =>
      r.path === '/api/content' ? [200, PUBLIC_SITE] : [500, apiError(500, 'UNEXPECTED')],
    );
    const photo = '0f8fad5b-d9cb-469f-a165-70867728950e.webp';
    const [judge] = PUBLIC_SITE.content.adjudicators;
    storeSitePreview({
      ...PUBLIC_SITE.content,
      participatingSchools: [{ name: 'Umhlanga Ridge Primary', logo: photo }],
      adjudicators: [
        judge!,
        {
          name: 'Ms Thandi Mokoena',
          discipline: 'Dance',
          summary: 'Choreographer.',
          bio: ['She trained in Durban.'],
          portrait: photo,
        },
      ],
    });
    renderRoutes(routes, '/?preview=1');
    const portrait = await screen.findByRole('img', { name: 'Portrait of Ms Thandi Mokoena' });
    expect(portrait).toHaveAttribute('src', `/api/site-images/${photo}`);
    expect(screen.getByRole('img', { name: 'Logo of Umhlanga Ridge Primary' })).toHaveAttribute(
      'src',
      `/api/site-images/${photo}`,
    );
    // The new adjudicator's bio link is the one publishing will make.
    const links = screen.getAllByRole('link', { name: /Read the biography/ });
    expect(links.at(-1)).toHaveAttribute(
      'href',
      '/api/documents/adjudicators/ms-thandi-mokoena.pdf',
    );
    sessionStorage.clear();
  });

  it('builds every section from GET /api/content', async () => {
    const requests = mockApi((r) =>
      r.path === '/api/content' ? [200, PUBLIC_SITE] : [500, apiError(500, 'UNEXPECTED')],
    );
    renderRoutes(routes, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Online Eisteddfod 2025' }),
    ).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual(['/api/content']);
    expect(screen.getByText(PUBLIC_SITE.content.hostLine)).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Registration opens' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '24 March 2025' })).toBeInTheDocument();

    for (const link of screen.getAllByRole('link', { name: 'Enter Now' })) {
      expect(link).toHaveAttribute('href', '/register');
    }
    const learnMore = screen.getByRole('link', { name: /Learn More/ });
    expect(learnMore).toHaveAttribute('href', '/api/documents/prospectus.pdf');
    expect(learnMore).toHaveAttribute('target', '_blank');
    expect(learnMore).toHaveAttribute('rel', 'noopener');

    const categories = screen.getByRole('region', { name: 'Categories' });
    expect(within(categories).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(within(categories).getByRole('link', { name: /prospectus/ })).toHaveAttribute(
      'href',
      '/api/documents/prospectus.pdf',
    );
    const steps = screen.getByRole('region', { name: 'How It Works' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(within(steps).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    );

    const schools = within(screen.getByRole('region', { name: 'Participating schools' }));
    const logos = schools.getAllByRole('img');
    expect(logos).toHaveLength(12);
    expect(logos[0]).toHaveAttribute('src', '/schools/school-1.svg');
    expect(logos[0]).toHaveAttribute('loading', 'lazy');
    expect(logos[0]).toHaveAttribute('alt', 'Crest of School 1');

    const bios = within(screen.getByRole('region', { name: 'Adjudicators' })).getAllByRole('link');
    expect(bios.map((a) => a.getAttribute('href'))).toEqual([
      '/api/documents/adjudicators/ann-one.pdf',
      '/api/documents/adjudicators/ben-two.pdf',
      '/api/documents/adjudicators/cat-three.pdf',
      '/api/documents/adjudicators/dan-four.pdf',
    ]);

    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(document.title).toBe('Online Eisteddfod 2025 – Entry Portal');
  });

  it('still shows the way in when the content cannot be loaded', async () => {
    mockApi(() => [404, apiError(404, 'CONTENT_NOT_FOUND')]);
    renderRoutes(routes, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Online Eisteddfod' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter Now' })).toHaveAttribute('href', '/register');
    expect(screen.queryByText(/Entries are not open yet/)).not.toBeInTheDocument();
  });

  it('says plainly that entries are not open yet while no event has been set up', async () => {
    // Issue 31: a new production database has no event; the page offered Enter Now and a
    // prospectus that did not exist.
    mockApi(() => [404, apiError(404, 'EVENT_NOT_FOUND')]);
    renderRoutes(routes, '/');
    expect(
      await screen.findByText('Entries are not open yet. Please check back soon.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Online Eisteddfod' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Enter Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Learn More/ })).not.toBeInTheDocument();
  });
});
