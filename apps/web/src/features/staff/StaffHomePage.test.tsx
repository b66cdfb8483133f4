import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import EventsPage from './EventsPage.tsx';
import StaffHomePage from './StaffHomePage.tsx';
import { organiser, staffEvent } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

describe('StaffHomePage (/staff) on a new site', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('leads the first organiser to set up the first event instead of failing', async () => {
    // Issue 31: with no event the overview answers 404, and the page said only that it could
    // not be loaded.
    mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Overview') return [404, apiError(404, 'EVENT_NOT_FOUND')];
      if (r.path === '/api/Staff/Events') return [200, { events: [], servedByConfiguration: null }];
      if (r.path === '/api/Staff/Events/FromDemo' && r.method === 'POST')
        return [201, { ...staffEvent, isLive: false }];
      if (r.path === `/api/Staff/Events/${staffEvent.id}`) return [200, staffEvent];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    renderRoutes(
      [
        { path: '/staff', element: <StaffHomePage /> },
        { path: '/staff/events', element: <EventsPage /> },
        { path: '/staff/events/:id', element: <p>The event page</p> },
      ],
      '/staff',
    );
    expect(await screen.findByText('There is no event yet')).toBeInTheDocument();
    expect(screen.getByText(/Entries are not open yet/)).toBeInTheDocument();
    expect(screen.queryByText('The overview could not be loaded.')).not.toBeInTheDocument();
    screen.getByRole('link', { name: 'Set up the first event' }).click();
    // The events page says the same, rather than an empty table with nothing to copy.
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // From there the organiser starts it from the demo event and goes on to its page.
    (await screen.findByRole('button', { name: 'Start from the demo event' })).click();
    expect(await screen.findByText('The event page')).toBeInTheDocument();
  });

  it('still says when the overview fails for another reason', async () => {
    mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      // Another 404 (say, a server without the call) is a failure, not a new site.
      return [404, apiError(404, 'NOT_FOUND')];
    });
    renderRoutes([{ path: '/staff', element: <StaffHomePage /> }], '/staff');
    expect(await screen.findByText('The overview could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('There is no event yet')).not.toBeInTheDocument();
  });
});
