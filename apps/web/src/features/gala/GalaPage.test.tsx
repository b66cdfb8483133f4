import type { Gala } from '@eisteddfod/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import GalaPage from './GalaPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const before: Gala = {
  eventName: 'Online Eisteddfod 2025',
  year: 2025,
  timeZone: 'Africa/Johannesburg',
  galaDate: '2025-06-18',
  releaseAt: '2025-06-18T16:00:00.000Z',
  released: false,
  sections: [],
  winners: [],
  showcase: [],
};
const medals = { DIPLOMA: 2, GOLD: 3, SILVER: 1, BRONZE: 0, MERIT: 0 };
const after: Gala = {
  ...before,
  released: true,
  sections: [{ section: 'Visual Arts & Design', entries: 6, medals }],
  winners: [
    {
      section: 'Visual Arts & Design',
      bandLabel: 'Intermediate (Grades 4-6)',
      name: 'Priya N.',
      score: 91.5,
    },
  ],
  showcase: [
    {
      section: 'Visual Arts & Design',
      bandLabel: 'Intermediate (Grades 4-6)',
      name: 'Priya N.',
      itemCode: 'VA102',
      itemTitle: 'Painting – Own Choice (Grades 4–7)',
      kind: 'image',
      url: '/api/uploads/41/file.png?signature=a',
      embed: false,
      posterUrl: null,
      medal: 'DIPLOMA',
    },
    {
      section: 'Music',
      bandLabel: 'Senior (Grades 7-9)',
      name: 'Sipho D.',
      itemCode: 'MU201',
      itemTitle: 'Piano solo',
      kind: 'video',
      url: '/api/uploads/42/file.mp4?signature=b',
      embed: false,
      posterUrl: '/api/uploads/42/poster.jpg?signature=c',
      medal: 'GOLD',
    },
    {
      section: 'Dance',
      bandLabel: 'FET (Grades 10-12)',
      name: 'Naledi M.',
      itemCode: 'DN301',
      itemTitle: 'Ballet solo',
      kind: 'video',
      url: 'https://iframe.mediadelivery.net/embed/1/abc',
      embed: true,
      posterUrl: null,
      medal: 'GOLD',
    },
  ],
};

const open = () => renderRoutes([{ path: '/gala', element: <GalaPage /> }], '/gala');

describe('GalaPage (/gala)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says when the results are released, in the event’s time zone, before the release', async () => {
    mockApi(() => [200, before]);
    open();
    expect(
      await screen.findByText(
        'Results will be released on 18 June 2025 at 18:00 (Africa/Johannesburg time).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Section winners' })).toBeNull();
  });

  it('shows the medals per section, the winners and the consented showcase after it', async () => {
    mockApi(() => [200, after]);
    open();
    const winners = await screen.findByRole('table', {
      name: 'Section winners of Visual Arts & Design',
    });
    expect(within(winners).getAllByRole('row')[1]).toHaveTextContent(
      'Intermediate (Grades 4-6)Priya N.91.5',
    );
    const medalsTable = screen.getByRole('table', { name: 'Visual Arts & Design' });
    expect(within(medalsTable).getByRole('row', { name: 'Diploma 2' })).toBeInTheDocument();
    expect(within(medalsTable).getByRole('row', { name: 'Gold 3' })).toBeInTheDocument();

    const artwork = screen.getByRole('img', {
      name: 'Painting – Own Choice (Grades 4–7) by Priya N.',
    });
    expect(artwork).toHaveAttribute('src', '/api/uploads/41/file.png?signature=a');
    // Our own host: a player with its poster; Bunny: its embed page in a frame.
    const video = document.querySelector('video');
    expect(video).toHaveAttribute('src', '/api/uploads/42/file.mp4?signature=b');
    expect(video).toHaveAttribute('poster', '/api/uploads/42/poster.jpg?signature=c');
    expect(video).toHaveAttribute('controls');
    expect(screen.getByTitle('Ballet solo by Naledi M.')).toHaveAttribute(
      'src',
      'https://iframe.mediadelivery.net/embed/1/abc',
    );
  });
});
