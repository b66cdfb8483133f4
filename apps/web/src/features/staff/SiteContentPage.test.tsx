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
};

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
      within(faq).getByRole('textbox', { name: /^Question 1/ }),
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
  });
});
