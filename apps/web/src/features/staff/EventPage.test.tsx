import type { StaffEvent } from '@eisteddfod/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { organiser, staffEvent } from './test/fixtures.ts';
import EventPage from './EventPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const event = staffEvent;

describe('EventPage (/staff/events/:id)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('names the date that does not fit, then saves fees typed in rand as cents', async () => {
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Events/2' && r.method === 'GET') return [200, event];
      if (r.path === '/api/Staff/Events/2' && r.method === 'PUT')
        return [200, { ...event, settings: r.body }];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/staff/events/:id', element: <EventPage /> }], '/staff/events/2');
    const dates = await screen.findByRole('region', { name: 'Dates' });
    const gala = within(dates).getByLabelText(/^Gala release of results/);
    fireEvent.change(gala, { target: { value: '2026-04-01' } });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText(
        'Gala release of results must be on or after submission period ends.',
      ),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(gala, { target: { value: '2026-06-24' } });
    const individual = screen.getByRole('textbox', { name: 'Individual entry (R)' });
    await user.clear(individual);
    await user.type(individual, '175.50');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toBeDefined());
    const saved = requests.find((r) => r.method === 'PUT')?.body as StaffEvent['settings'];
    expect(saved.fees.individualCents).toBe(17550);
    expect(saved.dates.galaAwards).toBe('2026-06-24');
    expect(saved.fees.groupSmallCents).toBe(25000);
  });

  it('asks before making the event live, and warns when the live event’s marking is unfinished', async () => {
    const current = {
      ...event,
      id: 1,
      isLive: true,
      unpublishedEntries: 3,
      settings: { ...event.settings, name: 'Online Eisteddfod 2025' },
    };
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Events/2') return [200, event];
      if (r.path === '/api/Staff/Events')
        return [200, { events: [event, current], servedByConfiguration: null }];
      if (r.path === '/api/Staff/Events/2/MakeLive')
        return [200, { events: [{ ...event, isLive: true }], servedByConfiguration: null }];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/staff/events/:id', element: <EventPage /> }], '/staff/events/2');
    await user.click(await screen.findByRole('button', { name: 'Make live…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this event live?' });
    expect(requests.some((r) => r.path.endsWith('/MakeLive'))).toBe(false);
    expect(
      await within(dialog).findByText(
        /Online Eisteddfod 2025 has 3 finalised entries without published results/,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make live' }));
    await waitFor(() =>
      expect(requests.some((r) => r.path.endsWith('/MakeLive') && r.method === 'POST')).toBe(true),
    );
  });
});
