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

  it('lists what still names the copied year, each linked, and makes live with it only once accepted', async () => {
    const copied: StaffEvent = {
      ...event,
      copiedFromYear: 2025,
      oldYearTexts: [
        { place: 'content', field: 'FAQ 1, answer', excerpt: 'On 20 April 2025, at midnight.' },
        { place: 'catalogue', field: 'Item DN101, description', excerpt: 'the 2025 set list' },
        { place: 'settings', field: 'Host line', excerpt: 'Hosted since 2025' },
      ],
    };
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Events/2') return [200, copied];
      if (r.path === '/api/Staff/Events')
        return [200, { events: [copied], servedByConfiguration: null }];
      if (r.path === '/api/Staff/Events/2/MakeLive')
        return [200, { events: [{ ...copied, isLive: true }], servedByConfiguration: null }];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/staff/events/:id', element: <EventPage /> }], '/staff/events/2');
    const list = await screen.findByRole('region', { name: '3 texts still name 2025' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('FAQ 1, answer: “On 20 April 2025, at midnight.”');
    expect(within(items[0]!).getByRole('link', { name: 'Edit the site content' })).toHaveAttribute(
      'href',
      '/staff/events/2/content',
    );
    expect(within(items[1]!).getByRole('link', { name: 'Edit the catalogue' })).toHaveAttribute(
      'href',
      '/staff/events/2/catalogue',
    );
    expect(
      within(items[2]!).getByRole('link', { name: 'Change it in the settings below' }),
    ).toHaveAttribute('href', '#settings-heading');

    await user.click(screen.getByRole('button', { name: 'Make live…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this event live?' });
    const makeLive = within(dialog).getByRole('button', { name: 'Make live' });
    expect(makeLive).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Make it live with these texts as they are' }),
    );
    await user.click(makeLive);
    await waitFor(() =>
      expect(requests.find((r) => r.path.endsWith('/MakeLive'))?.body).toEqual({
        oldYearTextsAccepted: true,
      }),
    );
  });
});
