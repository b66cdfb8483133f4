import type { ImportReport, StaffCatalogue, StaffItem } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockRequest } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { organiser, staffEvent } from './test/fixtures.ts';
import CataloguePage from './CataloguePage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const event = { ...staffEvent, categories: 2, items: 3 };
const item = (over: Partial<StaffItem>): StaffItem => ({
  id: 1,
  code: 'DA101',
  categoryId: 10,
  shortDescription: 'Poetry – Own Choice (Grade R–3)',
  description: '',
  priceCents: 16000,
  dueDate: '2026-04-23',
  isGroupItem: false,
  minimumParticipants: 1,
  maximumParticipants: 1,
  requiresAnInstrument: false,
  mainFileKinds: ['video', 'audio'],
  timeLimitSeconds: 120,
  retired: false,
  grades: { lowest: 'R', highest: '3' },
  otherGradesAllowed: false,
  translations: {},
  entries: 0,
  paidEntries: 0,
  ...over,
});
const catalogue: StaffCatalogue = {
  eventId: 2,
  categories: [
    { id: 10, name: 'Poetry', section: 'Dramatic Arts', items: 1, translations: {} },
    { id: 20, name: 'Choirs', section: 'Music', items: 2, translations: {} },
  ],
  items: [
    item({}),
    item({
      id: 2,
      code: 'MU301',
      categoryId: 20,
      shortDescription: 'Choir – Junior',
      isGroupItem: true,
      minimumParticipants: 10,
      maximumParticipants: 60,
      priceCents: 35000,
      entries: 2,
      paidEntries: 2,
    }),
    item({
      id: 3,
      code: 'MU302',
      categoryId: 20,
      shortDescription: 'Choir – Senior',
      isGroupItem: true,
      minimumParticipants: 10,
      maximumParticipants: 60,
      priceCents: 35000,
    }),
  ],
};

function serve(extra: (r: MockRequest) => [number, unknown?] | undefined = () => undefined) {
  return mockApi((r) => {
    const answer = extra(r);
    if (answer) return answer;
    if (r.path === '/api/Staff/Me') return [200, organiser];
    if (r.path === '/api/Staff/Events/2') return [200, event];
    if (r.path === '/api/Staff/Events/2/Catalogue') return [200, catalogue];
    return [404, apiError(404, 'NOT_FOUND')];
  });
}
/** Mantine's FileInput is a button beside a hidden file input, which a user's choice fills. */
const fileInput = (panel: HTMLElement) => {
  const input = panel.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};
const open = () =>
  renderRoutes(
    [{ path: '/staff/events/:id/catalogue', element: <CataloguePage /> }],
    '/staff/events/2/catalogue',
  );

describe('CataloguePage (/staff/events/:id/catalogue)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('searches and sorts the items, and keeps an entered item’s price', async () => {
    serve();
    const user = userEvent.setup();
    open();
    const table = await screen.findByRole('region', { name: 'Item list' });
    await user.type(screen.getByRole('textbox', { name: 'Search items' }), 'choir');
    expect(screen.getByText('2 of 3 items')).toBeInTheDocument();
    expect(within(table).queryByText('DA101')).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /^Code/ }));
    const codes = within(table)
      .getAllByRole('button', { name: /^Edit MU/ })
      .map((b) => b.textContent);
    expect(codes).toEqual(['MU302', 'MU301']);

    await user.click(within(table).getByRole('button', { name: 'Edit MU301' }));
    const dialog = await screen.findByRole('dialog', { name: 'Item MU301' });
    expect(within(dialog).getByRole('textbox', { name: 'Price (R)' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Delete…' })).not.toBeInTheDocument();
  });

  it('names a rule the item breaks before sending it, then retires it', async () => {
    const requests = serve((r) =>
      r.method === 'PUT' && r.path === '/api/Staff/Events/2/Items/3'
        ? [200, { ...catalogue.items[2], ...(r.body as object) }]
        : undefined,
    );
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit MU302' }));
    const dialog = await screen.findByRole('dialog', { name: 'Item MU302' });
    const minimum = within(dialog).getByRole('textbox', { name: 'Minimum participants' });
    await user.clear(minimum);
    await user.type(minimum, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Save item' }));
    expect(
      await within(dialog).findByText('The minimum number of participants is above the maximum.'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(minimum);
    await user.type(minimum, '10');
    await user.click(within(dialog).getByRole('switch', { name: /^Retired/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toBeDefined());
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      retired: true,
      minimumParticipants: 10,
      priceCents: 35000,
    });
  });

  it('checks a spreadsheet first, lists its problems, and imports only a clean one', async () => {
    const bad: ImportReport = {
      committed: false,
      rows: 2,
      created: 0,
      updated: 0,
      unchanged: 0,
      problems: [
        {
          row: 3,
          code: 'UNKNOWN_CATEGORY',
          column: 'Category',
          message: 'There is no category Nose Flute in this event.',
        },
      ],
    };
    const good: ImportReport = { ...bad, problems: [], created: 1, unchanged: 1 };
    let sheet = bad;
    const requests = serve((r) =>
      r.path.startsWith('/api/Staff/Events/2/Catalogue/Import')
        ? [200, r.query.get('commit') === 'true' ? { ...sheet, committed: true } : sheet]
        : undefined,
    );
    const user = userEvent.setup();
    open();
    const panel = await screen.findByRole('region', { name: 'Spreadsheet' });
    await user.upload(
      fileInput(panel),
      new File(['Code\n'], 'catalogue.csv', { type: 'text/csv' }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Check spreadsheet' }));
    expect(
      await within(panel).findByText('There is no category Nose Flute in this event.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Import' })).toBeDisabled();

    sheet = good;
    await user.upload(fileInput(panel), new File(['Code\n'], 'fixed.csv', { type: 'text/csv' }));
    await user.click(within(panel).getByRole('button', { name: 'Check spreadsheet' }));
    expect(await within(panel).findByText(/Nothing has been written yet/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Import' }));
    expect(
      await within(panel).findByText('2 rows: 1 new, 0 changed, 1 unchanged.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.query.get('commit') === 'true')).toHaveLength(1);
  });
});
