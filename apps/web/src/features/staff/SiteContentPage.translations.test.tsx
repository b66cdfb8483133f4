import type { SiteContent } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import SiteContentPage from './SiteContentPage.tsx';
import { organiser, staffEvent } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
// The product speaks Afrikaans here whether or not LOCALES has it yet (decision 070).
vi.mock(import('../../../../../packages/shared/src/i18n/locales.ts'), async (original) => ({
  ...(await original()),
  LOCALES: ['en', 'af'] as never,
}));

const content: SiteContent = {
  title: 'Online Eisteddfod 2026',
  intro: 'Perform, create and shine.',
  translations: { af: { intro: 'Tree op, skep en skitter.' } },
  faq: Array.from({ length: 5 }, (_, k) => ({
    question: `Question ${k}?`,
    answer: `Answer ${k}.`,
    translations: { af: { question: `Vraag ${k}?`, answer: `Antwoord ${k}.` } },
  })),
  artworks: [{ title: 'Leap', artist: 'Amahle N.', alt: 'A dancer.', image: 'leap.svg' }],
  participatingSchools: [{ name: 'Aloe Crest Primary School', logo: 'aloe-crest.svg' }],
  adjudicators: [
    {
      slug: 'naledi-khumalo',
      name: 'Dr Naledi Khumalo',
      discipline: 'Languages, Speech & Drama',
      summary: 'Actor and voice coach.',
      bio: ['She trained in Johannesburg.'],
      portrait: 'naledi-khumalo.svg',
    },
  ],
};

describe('SiteContentPage in two languages', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => localStorage.clear());

  it('offers each text in Afrikaans, lists what is untranslated, and still publishes', async () => {
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Events/2') return [200, staffEvent];
      if (r.path === '/api/Staff/Events/2/Content')
        return [200, r.method === 'PUT' ? r.body : content];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/staff/events/:id/content', element: <SiteContentPage /> }],
      '/staff/events/2/content',
    );
    expect(await screen.findByRole('textbox', { name: 'Introduction in Afrikaans' })).toHaveValue(
      'Tree op, skep en skitter.',
    );
    const untranslated = screen.getByRole('status', {
      name: '4 texts not translated into Afrikaans',
    });
    expect(
      within(untranslated)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Site — title', 'Adjudicator Dr Naledi Khumalo — discipline, summary, biography']);

    // Pasted, not typed: a keystroke redraws the whole long form.
    await user.click(screen.getByRole('textbox', { name: 'Title in Afrikaans' }));
    await user.paste('Aanlyn Eisteddfod 2026');
    await user.click(screen.getByRole('textbox', { name: 'Biography in Afrikaans' }));
    await user.paste('Sy het in Johannesburg opgelei.\n\n');
    expect(
      screen.getByRole('status', { name: '2 texts not translated into Afrikaans' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toBeDefined());
    const sent = requests.find((r) => r.method === 'PUT')!.body as SiteContent;
    expect(sent.translations).toEqual({
      af: { intro: 'Tree op, skep en skitter.', title: 'Aanlyn Eisteddfod 2026' },
    });
    // The biography's paragraphs are cleaned as the English ones are.
    expect(sent.adjudicators[0]?.translations?.af?.bio).toEqual([
      'Sy het in Johannesburg opgelei.',
    ]);
    expect(sent.faq[0]?.translations).toEqual({
      af: { question: 'Vraag 0?', answer: 'Antwoord 0.' },
    });
  }, 40_000);
});
