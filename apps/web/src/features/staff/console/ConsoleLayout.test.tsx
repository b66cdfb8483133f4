import type { StaffEvent } from '@eisteddfod/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { organiser, staffEvent } from '../test/fixtures.ts';
import ConsoleLayout from './ConsoleLayout.tsx';

const liveEvent: StaffEvent = {
  ...staffEvent,
  id: 1,
  isLive: true,
  isServed: true,
  settings: { ...staffEvent.settings, name: 'Online Eisteddfod 2025', year: 2025 },
};
const adjudicator = {
  ...organiser,
  customerId: 7,
  firstName: 'Adele',
  role: 'adjudicator' as const,
};

const signOut = vi.fn();

function renderConsole(path: string) {
  return renderRoutes(
    [
      {
        element: <ConsoleLayout onSignOut={signOut} />,
        children: [
          { path: '/staff', element: <h1>Overview screen</h1> },
          { path: '/staff/marking', element: <h1>Marking screen</h1> },
          { path: '/staff/events/:id/catalogue', element: <CatalogueOf /> },
        ],
      },
      { path: '/', element: <Outlet /> },
    ],
    path,
  );
}

function CatalogueOf() {
  return <h1>Catalogue of {useParams().id}</h1>;
}

const serve = (me: unknown) =>
  mockApi((r) => {
    if (r.path === '/api/Staff/Me')
      return me === null ? [404, apiError(404, 'NOT_FOUND')] : [200, me];
    if (r.path === '/api/Staff/Events')
      return [200, { events: [liveEvent, staffEvent], servedByConfiguration: null }];
    return [404, apiError(404, 'NOT_FOUND')];
  });

describe('ConsoleLayout (issue 34)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    localStorage.clear();
  });

  it("gives organisers the console's groups, no family menu, and the live event in view", async () => {
    serve(organiser);
    renderConsole('/staff');
    expect(await screen.findByRole('heading', { name: 'Overview screen' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    for (const group of [
      'Set up',
      'Entries and families',
      'Money',
      'Judging',
      'Results',
      'Settings',
    ])
      expect(within(nav).getByRole('group', { name: group })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Background jobs' })).toHaveAttribute(
      'href',
      '/staff/jobs',
    );
    // A screen of one event opens the event being worked on: the live one at first.
    expect(await within(nav).findByRole('link', { name: 'Catalogue' })).toHaveAttribute(
      'href',
      '/staff/events/1/catalogue',
    );
    expect(screen.queryByRole('link', { name: /Contestant|My Cart/ })).not.toBeInTheDocument();
    const [select] = screen.getAllByRole('combobox', { name: 'Event being worked on' });
    expect(select).toHaveDisplayValue('Online Eisteddfod 2025 (live)');
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign out' })[0]!);
    expect(signOut).toHaveBeenCalledOnce();
  });

  it("switching the event elsewhere moves the navigation's event screens to it", async () => {
    serve(organiser);
    renderConsole('/staff');
    const nav = await screen.findByRole('navigation', { name: 'Staff' });
    const catalogue = await within(nav).findByRole('link', { name: 'Catalogue' });
    expect(catalogue).toHaveAttribute('href', '/staff/events/1/catalogue');
    const [select] = screen.getAllByRole('combobox', { name: 'Event being worked on' });
    await userEvent.selectOptions(select!, '2');
    expect(within(nav).getByRole('link', { name: 'Catalogue' })).toHaveAttribute(
      'href',
      '/staff/events/2/catalogue',
    );
  });

  it("switching the event on an event's screen opens the same screen of the other", async () => {
    serve(organiser);
    const { router } = renderConsole('/staff/events/1/catalogue');
    expect(await screen.findByRole('heading', { name: 'Catalogue of 1' })).toBeInTheDocument();
    const [select] = await screen.findAllByRole('combobox', { name: 'Event being worked on' });
    await userEvent.selectOptions(select!, '2');
    expect(router.state.location.pathname).toBe('/staff/events/2/catalogue');
    expect(
      screen.getAllByText('Not live: season screens show the live event')[0],
    ).toBeInTheDocument();
    // The choice is kept for the next visit.
    expect(localStorage.getItem('consoleEvent')).toBe('2');
  });

  it('takes an adjudicator from the overview to their marking, with only marking to go to', async () => {
    serve(adjudicator);
    const { router } = renderConsole('/staff');
    expect(await screen.findByRole('heading', { name: 'Marking screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/marking');
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    const groups = within(nav).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Judging']);
    expect(
      within(groups[0]!)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Marking']);
    expect(
      screen.queryByRole('combobox', { name: 'Event being worked on' }),
    ).not.toBeInTheDocument();
  });

  it('shows a family the not-found page, as the API answers them', async () => {
    serve(null);
    renderConsole('/staff');
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Staff' })).not.toBeInTheDocument();
  });
});
