import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { PUBLIC_SITE } from '../../test/public-site-fixture.ts';
import { renderRoutes } from '../../test/render.tsx';
import HomePage from './HomePage.tsx';

// A reader of Afrikaans (decision 070): the translator's language, whatever LOCALES holds yet.
vi.mock(import('../../lib/i18n/catalogue.ts'), async (original) => ({
  ...(await original()),
  readerLocale: () => 'af',
}));

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

describe("HomePage in the reader's language", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows what the organisers translated, and the English of what they did not', async () => {
    const [first, second, ...rest] = PUBLIC_SITE.content.faq;
    const [judge, ...others] = PUBLIC_SITE.content.adjudicators;
    if (!first || !second || !judge) throw new Error('fixture');
    const content = {
      ...PUBLIC_SITE.content,
      translations: { af: { title: 'Aanlyn Eisteddfod 2025' } },
      faq: [{ ...first, translations: { af: { question: 'Hoe skryf ek in?' } } }, second, ...rest],
      adjudicators: [
        { ...judge, translations: { af: { summary: 'Akteur en stemafrigter.' } } },
        ...others,
      ],
    };
    mockApi((r) =>
      r.path === '/api/content'
        ? [200, { ...PUBLIC_SITE, content }]
        : [500, apiError(500, 'UNEXPECTED')],
    );
    renderRoutes(routes, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aanlyn Eisteddfod 2025' }),
    ).toBeInTheDocument();
    // The introduction has no Afrikaans: the English shows.
    expect(screen.getByText(PUBLIC_SITE.content.intro)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Hoe skryf ek in?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: second.question })).toBeInTheDocument();
    expect(screen.getByText('Akteur en stemafrigter.')).toBeInTheDocument();
    expect(screen.getAllByText(judge.discipline).length).toBeGreaterThan(0);
  });
});
