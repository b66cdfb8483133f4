import type { ReminderCampaign, ReminderPreview } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import RemindersPage from './RemindersPage.tsx';
import { organiser, staffEvent } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const figures = (queued: number, sent: number, failed: number) => ({ queued, sent, failed });
const campaigns: ReminderCampaign[] = [
  {
    id: 7,
    eventId: 2,
    eventName: 'Online Eisteddfod 2026',
    kind: 'no_main_file',
    channels: ['email', 'whatsapp'],
    status: 'sent',
    sendAt: '2026-04-20T08:00:00.000Z',
    createdAt: '2026-04-19T08:00:00.000Z',
    createdBy: 'Olwethu Staff',
    finishedAt: '2026-04-20T08:00:05.000Z',
    families: 12,
    delivery: { email: figures(1, 10, 1), whatsapp: figures(0, 4, 2) },
  },
  {
    id: 8,
    eventId: 2,
    eventName: 'Online Eisteddfod 2026',
    kind: 'unpaid_cart',
    channels: ['email'],
    status: 'scheduled',
    sendAt: '2026-04-25T08:00:00.000Z',
    createdAt: '2026-04-19T09:00:00.000Z',
    createdBy: 'Olwethu Staff',
    finishedAt: null,
    families: 0,
    delivery: { email: figures(0, 0, 0), whatsapp: figures(0, 0, 0) },
  },
  {
    id: 10,
    eventId: 2,
    eventName: 'Online Eisteddfod 2026',
    kind: 'not_finalised',
    channels: ['email'],
    status: 'scheduled',
    sendAt: '2026-04-22T07:00:00.000Z',
    createdAt: '2026-04-01T09:00:00.000Z',
    createdBy: '',
    finishedAt: null,
    families: 0,
    delivery: { email: figures(0, 0, 0), whatsapp: figures(0, 0, 0) },
    automatic: true,
    dueDate: '2026-04-24',
  },
];

const preview: ReminderPreview = {
  audience: 3,
  email: {
    to: 'lindiwe@example.org',
    subject: 'Your entries have no main file yet',
    body: 'Dear Lindiwe,\n\n- Child0 Mokoena: D101 Solo dance',
  },
  whatsapp: null,
};

function serve() {
  return mockApi((r) => {
    if (r.path === '/api/Staff/Me') return [200, organiser];
    if (r.path === '/api/Staff/Events')
      return [200, { events: [{ ...staffEvent, isServed: true }], servedByConfiguration: null }];
    if (r.path === '/api/Staff/Reminders/Preview') return [200, preview];
    if (r.path === '/api/Staff/Reminders' && r.method === 'GET') return [200, campaigns];
    if (r.path === '/api/Staff/Reminders' && r.method === 'POST')
      return [201, { ...campaigns[1], id: 9 }];
    if (r.path === '/api/Staff/Reminders/8/SendNow') return [200, campaigns[1]];
    if (r.path === '/api/Staff/Reminders/8/Cancel')
      return [200, { ...campaigns[1], status: 'cancelled' }];
    return [404, apiError(404, 'NOT_FOUND')];
  });
}

const render = () =>
  renderRoutes([{ path: '/staff/reminders', element: <RemindersPage /> }], '/staff/reminders');

describe('RemindersPage (/staff/reminders)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists the campaigns with their status and delivery figures per channel', async () => {
    serve();
    render();
    const table = await screen.findByRole('region', { name: 'Reminders' });
    const sent = within(table).getByRole('row', { name: /No main file yet/ });
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).getByText('12 families')).toBeInTheDocument();
    expect(within(sent).getByText('Email: 1 queued, 10 sent, 1 failed')).toBeInTheDocument();
    expect(within(sent).getByText('WhatsApp: 0 queued, 4 sent, 2 failed')).toBeInTheDocument();
    expect(within(sent).queryByRole('button')).not.toBeInTheDocument();
    const scheduled = within(table).getByRole('row', { name: /Unpaid cart/ });
    expect(within(scheduled).getByText('Scheduled')).toBeInTheDocument();
    expect(within(scheduled).getByText('By Olwethu Staff')).toBeInTheDocument();
    // Planned by the portal before a deadline (decision 044), and cancellable like any other.
    const automatic = within(table).getByRole('row', { name: /Complete but not finalised/i });
    expect(
      within(automatic).getByText('Automatic, for entries due 24 April 2026'),
    ).toBeInTheDocument();
    expect(within(automatic).getByRole('button', { name: /^Cancel/ })).toBeInTheDocument();
    expect(document.title).toMatch(/Reminders/);
  });

  it('shows the audience and one family’s message before it is sent', async () => {
    const requests = serve();
    const user = userEvent.setup();
    render();
    const form = await screen.findByRole('form', { name: 'New reminder' });
    expect(within(form).getByRole('button', { name: 'Send now' })).toBeDisabled();
    await user.click(within(form).getByRole('combobox', { name: 'Reminder' }));
    await user.click(
      await screen.findByRole('option', {
        name: 'No main file yet, before the upload deadline',
        hidden: true,
      }),
    );
    const shown = await within(form).findByRole('region', { name: 'Preview' });
    expect(within(shown).getByText('3 families would get this reminder now.')).toBeInTheDocument();
    expect(within(shown).getByText(/Your entries have no main file yet/)).toBeInTheDocument();
    expect(within(shown).getByText(/Child0 Mokoena: D101 Solo dance/)).toBeInTheDocument();
    const asked = requests.find((r) => r.path === '/api/Staff/Reminders/Preview')!;
    expect(Object.fromEntries(asked.query)).toEqual({
      eventId: '2',
      kind: 'no_main_file',
      channels: 'email',
      audience: 'all',
    });

    await user.click(within(form).getByRole('checkbox', { name: 'WhatsApp' }));
    await waitFor(() =>
      expect(requests.some((r) => r.query.get('channels') === 'email,whatsapp')).toBe(true),
    );
    // Teachers only (decision 067): the preview and the campaign say so.
    await user.click(within(form).getByRole('combobox', { name: 'Who' }));
    await user.click(
      await screen.findByRole('option', {
        name: "Teachers only (their learners' entries)",
        hidden: true,
      }),
    );
    await waitFor(() =>
      expect(requests.some((r) => r.query.get('audience') === 'teachers')).toBe(true),
    );
    await user.click(within(form).getByRole('button', { name: 'Send now' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        eventId: 2,
        kind: 'no_main_file',
        channels: ['email', 'whatsapp'],
        sendAt: null,
        audience: 'teachers',
      }),
    );
  });

  it('schedules one for a time', async () => {
    const requests = serve();
    const user = userEvent.setup();
    render();
    const form = await screen.findByRole('form', { name: 'New reminder' });
    await user.click(within(form).getByRole('combobox', { name: 'Reminder' }));
    await user.click(
      await screen.findByRole('option', { name: 'Results published', hidden: true }),
    );
    await user.click(within(form).getByRole('radio', { name: 'At a time' }));
    await user.type(within(form).getByLabelText(/Send at/), '2026-05-01T09:30');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        eventId: 2,
        kind: 'results_published',
        channels: ['email'],
        sendAt: new Date('2026-05-01T09:30').toISOString(),
        audience: 'all',
      }),
    );
  });

  it('sends a scheduled one now, and cancels one', async () => {
    const requests = serve();
    const user = userEvent.setup();
    render();
    const table = await screen.findByRole('region', { name: 'Reminders' });
    await user.click(within(table).getByRole('button', { name: /^Send now: Unpaid cart/ }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/Staff/Reminders/8/SendNow')).toBe(true),
    );
    await user.click(within(table).getByRole('button', { name: /^Cancel: Unpaid cart/ }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/Staff/Reminders/8/Cancel')).toBe(true),
    );
  });
});
