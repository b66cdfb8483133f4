import type { ContestantResults } from '@eisteddfod/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import ContestantResultsPage from './ContestantResultsPage.tsx';
import { finalisingText } from '../../shared/uploads/entry-text.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const winnerCertificate = {
  label: 'Section Winner certificate',
  url: '/api/Certificates/9/File?expires=1&signature=x',
  verificationCode: 'WINS-CODE-0001',
  verificationUrl: 'http://localhost/certificates/verify/WINS-CODE-0001',
};
const results: ContestantResults = {
  contestantId: 7,
  firstName: 'Priya',
  surname: 'Naidoo',
  eventName: 'Online Eisteddfod 2025',
  releaseAt: '2025-06-18T16:00:00.000Z',
  released: true,
  titles: [
    {
      section: 'Visual Arts & Design',
      bandLabel: 'Intermediate (Grades 4-6)',
      score: 91.5,
      certificate: winnerCertificate,
    },
  ],
  entries: [
    {
      orderItemId: 41,
      itemCode: 'VA102',
      itemTitle: 'Painting – Own Choice (Grades 4–7)',
      section: 'Visual Arts & Design',
      categoryName: 'Painting',
      published: true,
      scores: [
        { name: 'Concept and originality', value: 27, maxValue: 30 },
        { name: 'Composition', value: 17, maxValue: 20 },
      ],
      total: 44,
      medal: 'MERIT',
      comment: 'A bold, confident painting.',
      certificates: [
        {
          label: 'Certificate',
          url: '/api/Certificates/3/File?expires=1&signature=y',
          verificationCode: 'ENTR-CODE-0003',
          verificationUrl: 'http://localhost/certificates/verify/ENTR-CODE-0003',
        },
      ],
    },
    {
      orderItemId: 42,
      itemCode: 'VA202',
      itemTitle: 'Drawing – Own Choice (Grades 4–7)',
      section: 'Visual Arts & Design',
      categoryName: 'Drawing',
      published: false,
      scores: [],
      total: null,
      medal: null,
      comment: null,
      certificates: [],
    },
  ],
};

const open = () =>
  renderRoutes(
    [{ path: '/participant-profiles/:id/results', element: <ContestantResultsPage /> }],
    '/participant-profiles/7/results',
  );

describe('ContestantResultsPage (/participant-profiles/:id/results)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the title, each result with rubric, medal and comment, and certificates to share', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockApi((r) =>
      r.path === '/api/ParticipantProfiles/7/Results'
        ? [200, results]
        : r.path === '/api/config'
          ? [
              200,
              {
                eventId: 1,
                eventName: 'x',
                year: 2025,
                timeZone: 'Africa/Johannesburg',
                production: false,
              },
            ]
          : [404, apiError(404, 'NOT_FOUND')],
    );
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results of Priya Naidoo' }),
    ).toBeInTheDocument();
    const title = screen.getByRole('region', {
      name: 'Section Winner: Visual Arts & Design, Intermediate (Grades 4-6)',
    });
    expect(
      within(title).getByRole('link', { name: 'Download Section Winner certificate (PDF)' }),
    ).toHaveAttribute('href', winnerCertificate.url);
    fireEvent.click(
      within(title).getByRole('button', {
        name: 'Copy the link to share Section Winner certificate',
      }),
    );
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(winnerCertificate.verificationUrl));
    expect(within(title).getByRole('link', { name: /Open the public page/ })).toHaveAttribute(
      'href',
      winnerCertificate.verificationUrl,
    );

    const painting = screen.getByRole('article', {
      name: 'VA102 - Painting – Own Choice (Grades 4–7)',
    });
    const scores = within(painting).getByRole('table', { name: 'Scores for VA102' });
    expect(within(scores).getByRole('row', { name: /Composition/ })).toHaveTextContent('17 / 20');
    expect(within(scores).getByRole('row', { name: /Total/ })).toHaveTextContent('44');
    expect(within(painting).getByText('MERIT')).toBeInTheDocument();
    expect(within(painting).getByText('A bold, confident painting.')).toBeInTheDocument();
    expect(
      within(painting).getByRole('link', { name: 'Download Certificate (PDF)' }),
    ).toHaveAttribute('href', '/api/Certificates/3/File?expires=1&signature=y');

    const drawing = screen.getByRole('article', {
      name: 'VA202 - Drawing – Own Choice (Grades 4–7)',
    });
    expect(drawing).toHaveTextContent(
      'No result captured - VA202. Please contact support for more information.',
    );
  }, 15_000);

  it('says when the results are released before the gala', async () => {
    mockApi((r) =>
      r.path === '/api/ParticipantProfiles/7/Results'
        ? [
            200,
            {
              ...results,
              released: false,
              titles: [],
              entries: results.entries.map((e) => ({ ...e, published: false, certificates: [] })),
            },
          ]
        : r.path === '/api/config'
          ? [
              200,
              {
                eventId: 1,
                eventName: 'x',
                year: 2025,
                timeZone: 'Africa/Johannesburg',
                production: false,
              },
            ]
          : [404, apiError(404, 'NOT_FOUND')],
    );
    open();
    expect(
      await screen.findByText(
        'Online Eisteddfod 2025: results will be released on 18 June 2025 at 18:00.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText('The result is released with the others on the gala date.'),
    ).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it('says of an entry never finalised that it was not sent for marking (decision 043)', async () => {
    mockApi((r) =>
      r.path === '/api/ParticipantProfiles/7/Results'
        ? [
            200,
            {
              ...results,
              released: false,
              titles: [],
              entries: results.entries.map((e, k) => ({
                ...e,
                published: false,
                certificates: [],
                markingState: k === 0 ? 'sent' : 'missed',
              })),
            },
          ]
        : [404, apiError(404, 'NOT_FOUND')],
    );
    open();
    const missed = await screen.findByRole('article', { name: /^VA202/ });
    expect(missed).toHaveTextContent(finalisingText('resultNotSent'));
    expect(missed).not.toHaveTextContent(/released with the others/);
    expect(
      screen.getAllByText('The result is released with the others on the gala date.'),
    ).toHaveLength(1);
  });

  it('answers another family’s contestant with the results error', async () => {
    mockApi(() => [404, apiError(404, 'CONTESTANT_NOT_FOUND')]);
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching results');
  });
});
