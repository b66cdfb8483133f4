import type { SiteContent } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSitePreview } from '../../shared/event/site-preview.ts';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import SiteContentPage from './SiteContentPage.tsx';
import { organiser, staffEvent } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const content: SiteContent = {
  title: 'Online Eisteddfod 2026',
  intro: 'Perform, create and shine.',
  faq: Array.from({ length: 6 }, (_, k) => ({
    question: `Question ${k}?`,
    answer: `Answer ${k}.`,
  })),
  artworks: [
    { title: 'Jacaranda Season', artist: 'Lerato M.', alt: 'A jacaranda.', image: 'jacaranda.svg' },
    { title: 'Leap', artist: 'Amahle N.', alt: 'A dancer.', image: 'leap.svg' },
  ],
  participatingSchools: [
    { name: 'Aloe Crest Primary School', logo: 'aloe-crest.svg' },
    { name: 'Fynbos Hill Primary School', logo: 'fynbos-hill.svg' },
  ],
  adjudicators: [
    {
      slug: 'naledi-khumalo',
      name: 'Dr Naledi Khumalo',
      discipline: 'Languages, Speech & Drama',
      summary: 'Actor and voice coach.',
      bio: ['She trained in Johannesburg.', 'She lectures in drama.'],
      portrait: 'naledi-khumalo.svg',
    },
  ],
};

const UPLOADED = '0f8fad5b-d9cb-469f-a165-70867728950e.webp';

describe('SiteContentPage (/staff/events/:id/content)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('adds a question at the top, previews the home page with it, then publishes it', async () => {
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
    const faq = await screen.findByRole('region', { name: 'Frequently asked questions' });
    await user.click(within(faq).getByRole('button', { name: 'Add a question' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter every question.');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.type(
      within(faq).getByRole('textbox', { name: /^Question 1(?! in)/ }),
      'Can a school enter a whole class?',
    );
    await user.type(
      within(faq).getByRole('textbox', { name: 'Answer 1' }),
      'Yes: as a group item.',
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of the home page' });
    expect(within(dialog).getByTitle('The home page with these changes')).toHaveAttribute(
      'src',
      '/?preview=1',
    );
    expect(readSitePreview('?preview=1')?.faq[0]?.question).toBe(
      'Can a school enter a whole class?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close the preview' }));

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toBeDefined());
    const sent = requests.find((r) => r.method === 'PUT')!.body as SiteContent;
    expect(sent.faq).toHaveLength(7);
    expect(sent.faq[0]).toEqual({
      question: 'Can a school enter a whole class?',
      answer: 'Yes: as a group item.',
    });
  }, 20_000);

  it('edits the gallery, the schools and the adjudicators: uploads, moves, removes, publishes', async () => {
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Events/2') return [200, staffEvent];
      if (r.path === '/api/Staff/Events/2/Content/Images') {
        const file = (r.body as FormData).get('file') as File;
        if (file.name.endsWith('.svg'))
          return [
            415,
            apiError(415, 'UNSUPPORTED_FILE_TYPE', 'Please choose a JPEG, PNG or WebP picture.'),
          ];
        return [201, { image: UPLOADED, url: `/api/site-images/${UPLOADED}` }];
      }
      if (r.path === '/api/Staff/Events/2/Content')
        return [200, r.method === 'PUT' ? r.body : content];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    // The file picker offers pictures only; a person can still pick another file.
    const user = userEvent.setup({ applyAccept: false });
    // Pasted rather than typed key by key: the form is long, and the words are not under test.
    const fill = async (box: HTMLElement, words: string) => {
      await user.click(box);
      await user.paste(words);
    };
    renderRoutes(
      [{ path: '/staff/events/:id/content', element: <SiteContentPage /> }],
      '/staff/events/2/content',
    );

    // A new adjudicator: a portrait refused, then one taken; a biography of two paragraphs.
    const judges = await screen.findByRole('region', { name: 'Adjudicators' });
    await user.click(within(judges).getByRole('button', { name: 'Add an adjudicator' }));
    const second = within(judges).getByRole('group', { name: 'Adjudicator 2' });
    expect(within(second).getByText('No picture yet')).toBeInTheDocument();
    const file = within(second).getByLabelText('File for portrait of adjudicator 2');
    await user.upload(file, new File(['<svg/>'], 'thandi.svg', { type: 'image/svg+xml' }));
    expect(await within(second).findByRole('alert')).toHaveTextContent(
      'Please choose a JPEG, PNG or WebP picture.',
    );
    await user.upload(file, new File(['jpeg'], 'thandi.jpg', { type: 'image/jpeg' }));
    expect(
      await within(second).findByRole('img', { name: 'Current portrait of adjudicator 2' }),
    ).toHaveAttribute('src', `/api/site-images/${UPLOADED}`);
    await fill(within(second).getByRole('textbox', { name: 'Name' }), 'Ms Thandi Mokoena');
    await fill(within(second).getByRole('textbox', { name: 'Discipline' }), 'Dance');
    await fill(within(second).getByRole('textbox', { name: /^Summary(?! in)/ }), 'Choreographer.');
    await fill(
      within(second).getByRole('textbox', { name: /^Biography(?! in)/ }),
      'She trained in Durban.\n\nShe teaches dance.',
    );

    // The gallery: the second artwork first, then a new one left without a picture.
    const gallery = screen.getByRole('region', { name: 'Gallery' });
    await user.click(within(gallery).getByRole('button', { name: 'Move artwork 2 up' }));
    await user.click(within(gallery).getByRole('button', { name: 'Add an artwork' }));
    const third = within(gallery).getByRole('group', { name: 'Artwork 3' });
    await fill(within(third).getByRole('textbox', { name: 'Title' }), 'Harbour Lights');
    await fill(within(third).getByRole('textbox', { name: /^Artist/ }), 'Zoe P., Grade 10');
    await fill(within(third).getByRole('textbox', { name: /^Alt text/ }), 'Boats at night.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('Artwork 3: Please upload a picture of every artwork.'),
    ).toBeInTheDocument();
    await user.upload(
      within(third).getByLabelText('File for picture of artwork 3'),
      new File(['png'], 'harbour.png', { type: 'image/png' }),
    );
    await within(third).findByRole('img', { name: 'Current picture of artwork 3' });

    // A school removed.
    const schools = screen.getByRole('region', { name: 'Participating schools' });
    await user.click(within(schools).getByRole('button', { name: 'Remove school 1' }));

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of the home page' });
    const previewed = readSitePreview('?preview=1');
    expect(previewed?.artworks?.map((a) => a.title)).toEqual([
      'Leap',
      'Jacaranda Season',
      'Harbour Lights',
    ]);
    expect(previewed?.adjudicators?.[1]?.bio).toEqual([
      'She trained in Durban.',
      'She teaches dance.',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close the preview' }));

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toBeDefined());
    const sent = requests.find((r) => r.method === 'PUT')!.body as SiteContent;
    expect(sent.artworks[2]).toEqual({
      title: 'Harbour Lights',
      artist: 'Zoe P., Grade 10',
      alt: 'Boats at night.',
      image: UPLOADED,
    });
    expect(sent.participatingSchools).toEqual([content.participatingSchools[1]]);
    expect(sent.adjudicators[0]).toEqual(content.adjudicators[0]);
    expect(sent.adjudicators[1]).toEqual({
      name: 'Ms Thandi Mokoena',
      discipline: 'Dance',
      summary: 'Choreographer.',
      bio: ['She trained in Durban.', 'She teaches dance.'],
      portrait: UPLOADED,
    });
    const upload = requests.find((r) => r.path.endsWith('/Content/Images'));
    expect(upload?.query.get('kind')).toBe('portrait');
  }, 30_000);
});
