import { formatLongDate, type EntryResult } from '@eisteddfod/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockRequest } from '../../test/api-mock.ts';
import { PUBLIC_SITE } from '../../test/public-site-fixture.ts';
import { renderRoutes } from '../../test/render.tsx';
import {
  changedOrderItem,
  entriesPage,
  entry,
  logIn,
  upload,
  uploadsServer,
} from './test/fixtures.ts';
import { contestant, CUSTOMER_ID } from '../../test/contestant-fixtures.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import UploadsPage, { prefetchData } from './UploadsPage.tsx';
import { uploadText } from './text.ts';
import { finalisingText, resultText } from '../../shared/uploads/entry-text.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);
const toastWith = (color: string, message: string) =>
  expect(show).toHaveBeenCalledWith(expect.objectContaining({ color, message }));

const routes = [{ path: '/uploads', element: <UploadsPage /> }];
const open = () => renderRoutes(routes, '/uploads');
const block = (code: string) =>
  screen.getByRole('article', { name: new RegExp(`^Entry Title: ${code} `) });
/** Opens an entry's detail (its files, uploaders and Withdraw Entry), one tap from its row. */
async function openDetail(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(await screen.findByRole('button', { name: `Details of ${code}` }));
}
const listRequests = (requests: MockRequest[]) =>
  requests.filter((r) => r.path === '/api/OrderItems/ParticipantOrderItems');

describe('UploadsPage fetched ahead (issue 32)', () => {
  beforeEach(logIn);
  afterEach(() => vi.clearAllMocks());

  it("fetches the first contestant's first page of entries of the served year, as the portal opens on it", async () => {
    const requests = mockApi(uploadsServer(entriesPage([entry()])));
    const client = createQueryClient();
    await prefetchData(client, CUSTOMER_ID);
    const lists = listRequests(requests);
    expect(lists).toHaveLength(1);
    expect(Object.fromEntries(lists[0]!.query)).toMatchObject({
      participantId: String(contestant().id),
      skip: '0',
      year: '2025',
    });
  });

  it('says nothing when it fails: the portal asks again when it is opened', async () => {
    mockApi(() => [400]);
    await expect(prefetchData(createQueryClient(), CUSTOMER_ID)).rejects.toThrow();
    expect(show).not.toHaveBeenCalled();
  });
});

describe('UploadsPage (spec 2, Uploads portal)', () => {
  beforeEach(logIn);
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists each entry with its title, due date and status badge, and the total line', async () => {
    const user = userEvent.setup();
    const requests = mockApi(
      uploadsServer(
        entriesPage(
          [
            entry(),
            entry({
              id: 302,
              itemCode: 'DR201',
              itemShortDescription: 'Solo Poem',
              itemDueDate: '2025-04-22',
              status: 1,
              orderItemUploads: [upload({ orderItemId: 302 })],
            }),
            entry({ id: 303, itemCode: 'DA301', status: 2, deadlinePassed: true }),
            entry({
              id: 304,
              itemCode: 'VA401',
              status: 1,
              isSubmittedForMarking: true,
              orderItemUploads: [upload({ id: 901, orderItemId: 304 })],
            }),
            entry({ id: 305, itemCode: 'MU102', isCancelled: true }),
          ],
          { allEntries: 6, withdrawnEntries: 1, completeEntries: 2, finalisedEntries: 1 },
        ),
      ),
    );
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: uploadText('heading') }),
    ).toBeInTheDocument();
    // A withdrawn entry is not one the family can still complete: counted apart (decision 028).
    expect(await screen.findByTestId('entries-total')).toHaveTextContent(
      'Total Items: 5 (2 of 5 complete)',
    );
    expect(screen.getByTestId('entries-withdrawn')).toHaveTextContent(
      'Not counted: 1 withdrawn entry.',
    );
    // Complete is not sent for marking (decision 043): how many were, and a warning for the rest.
    expect(screen.getByTestId('entries-finalised')).toHaveTextContent(
      '1 of 5 finalised (sent to the adjudicators)',
    );
    expect(screen.getByTestId('entries-not-sent')).toHaveTextContent(
      finalisingText('notSentWarning', { count: 4 }),
    );
    expect(within(block('DR201')).getByText(finalisingText('state-not-sent'))).toBeInTheDocument();
    expect(within(block('VA401')).getByText(finalisingText('state-sent'))).toBeInTheDocument();
    expect(within(block('DA301')).getByText(finalisingText('state-missed'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: uploadText('entriesList') })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', {
        level: 3,
        name: 'Entry Title: MU101 - Piano Solo | Due: 21 April 2025',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Entry Title: DR201 - Solo Poem | Due: 22 April 2025' }),
    ).toBeInTheDocument();

    const incomplete = block('MU101');
    expect(within(incomplete).getByText(uploadText('badgeIncomplete'))).toBeInTheDocument();
    expect(within(incomplete).getByRole('button', { name: /Finalise Entry/ })).toBeInTheDocument();
    expect(within(incomplete).getByRole('button', { name: /View Result/ })).toBeInTheDocument();
    await openDetail(user, 'MU101');
    expect(within(incomplete).getByRole('button', { name: /Withdraw Entry/ })).toBeInTheDocument();
    expect(
      within(incomplete).getByRole('button', { name: 'Upload video or audio for MU101' }),
    ).toBeInTheDocument();
    // Not a Visual Arts entry: no image uploader.
    expect(within(incomplete).queryByRole('button', { name: /Upload image/ })).toBeNull();

    const complete = block('DR201');
    expect(within(complete).getByText(uploadText('badgeComplete'))).toBeInTheDocument();
    await openDetail(user, 'DR201');
    const files = within(complete).getByRole('table', { name: 'Main entry files of DR201' });
    expect(
      within(files)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Filename', 'Status', 'Actions']);
    expect(within(files).getByText('my-song.mp4')).toBeInTheDocument();
    expect(within(files).getByText('Complete')).toBeInTheDocument();
    expect(within(files).getByRole('button', { name: 'View my-song.mp4' })).toBeInTheDocument();
    expect(within(files).getByRole('button', { name: 'Delete my-song.mp4' })).toBeInTheDocument();

    const expired = block('DA301');
    expect(within(expired).getByText(uploadText('badgeDeadlinePassed'))).toBeInTheDocument();
    expect(within(expired).queryByRole('button', { name: /Upload/ })).toBeNull();
    expect(within(expired).queryByRole('button', { name: /Finalise Entry/ })).toBeNull();
    expect(within(expired).getByRole('button', { name: /View Result/ })).toBeInTheDocument();

    const finalised = block('VA401');
    expect(within(finalised).getByText(uploadText('badgeFinalised'))).toBeInTheDocument();
    await openDetail(user, 'VA401');
    expect(within(finalised).queryByRole('button', { name: /Upload/ })).toBeNull();
    expect(within(finalised).queryByRole('button', { name: /Finalise Entry/ })).toBeNull();
    expect(within(finalised).getByRole('button', { name: 'View my-song.mp4' })).toBeInTheDocument();
    expect(within(finalised).queryByRole('button', { name: /^Delete/ })).toBeNull();

    const withdrawn = block('MU102');
    expect(within(withdrawn).getByText(uploadText('withdrawnState'))).toBeInTheDocument();
    expect(within(withdrawn).queryByText(uploadText('badgeIncomplete'))).toBeNull();
    await openDetail(user, 'MU102');
    expect(within(withdrawn).queryByRole('button', { name: /Upload/ })).toBeNull();
    expect(within(withdrawn).queryByRole('button', { name: /Withdraw Entry/ })).toBeNull();

    const list = listRequests(requests)[0];
    expect(list?.query.get('participantId')).toBe('7');
    expect(list?.query.get('skip')).toBe('0');
    expect(list?.query.get('take')).toBe('10');
    expect(list?.query.get('year')).toBe('2025');
    expect(list?.query.get('search')).toBe('');
  });

  it('offers the image uploader only on a Visual Arts & Design entry, and no recording there', async () => {
    mockApi(uploadsServer(entriesPage([entry({ itemCode: 'VA101', acceptsImages: true })])));
    const user = userEvent.setup();
    open();
    await openDetail(user, 'VA101');
    expect(
      await screen.findByRole('button', { name: 'Upload image for VA101' }),
    ).toBeInTheDocument();
    // The server always refuses a recording as an artwork's main file (decision 045).
    expect(screen.queryByRole('button', { name: 'Upload video or audio for VA101' })).toBeNull();
  });

  it('shows the served year, and an earlier year the contestant has entries in when chosen', async () => {
    const requests = mockApi(
      uploadsServer((r) =>
        r.query.get('year') === '2024'
          ? entriesPage([entry({ itemCode: 'MU777' })], { years: [2025, 2024] })
          : entriesPage([entry()], { years: [2025, 2024] }),
      ),
    );
    const user = userEvent.setup();
    open();
    const year = await screen.findByRole('combobox', { name: 'Year' });
    expect(year).toHaveValue('2025');
    await user.selectOptions(year, '2024');
    expect(await screen.findByRole('article', { name: /^Entry Title: MU777 / })).toBeVisible();
    expect(listRequests(requests).map((r) => r.query.get('year'))).toEqual(['2025', '2024']);
  });

  it('shows the contestant picker and the search with the entries, not above them before (issue 32)', async () => {
    // Drawn before the entries came, they were pushed down by the total line: a layout shift.
    mockApi(uploadsServer(entriesPage([entry()])));
    open();
    await screen.findByRole('combobox', { name: 'Contestant' });
    expect(screen.getByTestId('entries-total')).toBeInTheDocument();
    expect(screen.getByPlaceholderText(uploadText('searchPlaceholder'))).toBeInTheDocument();
  });

  it('searches only from 2 characters, and Clear Search empties it', async () => {
    const requests = mockApi(uploadsServer(entriesPage([entry()])));
    const user = userEvent.setup();
    open();
    const box = await screen.findByPlaceholderText(uploadText('searchPlaceholder'));
    await screen.findByTestId('entries-total');
    await user.type(box, 'M');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(listRequests(requests).map((r) => r.query.get('search'))).toEqual(['']);
    await user.type(box, 'U');
    await waitFor(() =>
      expect(listRequests(requests).map((r) => r.query.get('search'))).toEqual(['', 'MU']),
    );
    await user.click(screen.getByRole('button', { name: uploadText('clearSearch') }));
    expect(box).toHaveValue('');
    await waitFor(() => expect(listRequests(requests).at(-1)?.query.get('search')).toBe(''));
  });

  it('sends one search when typing pauses, and keeps it while a single character is left', async () => {
    const requests = mockApi(uploadsServer(entriesPage([entry()])));
    const user = userEvent.setup();
    open();
    const box = await screen.findByPlaceholderText(uploadText('searchPlaceholder'));
    await screen.findByTestId('entries-total');
    const searches = () => listRequests(requests).map((r) => r.query.get('search'));
    await user.type(box, 'MU1');
    await waitFor(() => expect(searches()).toEqual(['', 'MU1']));
    await user.type(box, '{Backspace}{Backspace}');
    expect(box).toHaveValue('M');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(searches()).toEqual(['', 'MU1']);
  });

  it('says when nothing matches, and when nothing has been entered yet', async () => {
    let page = entriesPage([], { allEntries: 3, completeEntries: 0 });
    mockApi(uploadsServer(() => page));
    const view = open();
    expect(await screen.findByText(uploadText('noEntries'))).toBeInTheDocument();
    view.unmount();

    page = entriesPage([]);
    open();
    expect(await screen.findByText(uploadText('noItemsEntered'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Contestant Profiles' })).toHaveAttribute(
      'href',
      '/participant-profiles',
    );
  });

  it('warns without a request when finalising an entry that has no main file', async () => {
    const requests = mockApi(uploadsServer(entriesPage([entry()])));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Finalise Entry MU101' }));
    toastWith('orange', uploadText('mainFileRequired'));
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('finalises an entry with a main file after a confirmation that it locks the entry', async () => {
    const requests = mockApi(
      uploadsServer(entriesPage([entry({ status: 1, orderItemUploads: [upload()] })]), (r) =>
        r.method === 'PUT' ? [200, changedOrderItem()] : [500],
      ),
    );
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Finalise Entry MU101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalise Entry' });
    expect(within(dialog).getByText('MU101 - Piano Solo')).toBeInTheDocument();
    expect(within(dialog).getByText(/cannot add, replace or delete its files/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Finalise Entry MU101' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Finalise Entry' }),
    );
    await waitFor(() => toastWith('teal', uploadText('finalised')));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/OrderItems/301');
    expect(put?.body).toEqual({ submittedForMarking: true });
  });

  it("shows the server's main-file warning when it refuses to finalise", async () => {
    mockApi(
      uploadsServer(entriesPage([entry({ status: 1, orderItemUploads: [upload()] })]), () => [
        400,
        apiError(400, 'MAIN_FILE_REQUIRED', 'x'),
      ]),
    );
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Finalise Entry MU101' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Finalise Entry' }),
    );
    await waitFor(() => toastWith('orange', uploadText('mainFileRequired')));
  });

  it('withdraws an entry after the confirmation', async () => {
    let withdrawn = false;
    const requests = mockApi(
      uploadsServer(
        () => entriesPage([entry({ isCancelled: withdrawn })]),
        (r) => {
          if (r.method !== 'PUT') return [500];
          withdrawn = true;
          return [200, entry({ isCancelled: true })];
        },
      ),
    );
    const user = userEvent.setup();
    open();
    await openDetail(user, 'MU101');
    await user.click(await screen.findByRole('button', { name: 'Withdraw Entry MU101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw Entry' });
    expect(within(dialog).getByText(uploadText('withdrawConfirm'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Withdraw Entry MU101' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw Entry' }),
    );
    await waitFor(() => toastWith('teal', uploadText('withdrawn')));
    expect(requests.find((r) => r.method === 'PUT')?.path).toBe('/api/OrderItems/301/Withdraw');
    expect(await screen.findByText(uploadText('withdrawnState'))).toBeInTheDocument();
  });

  it('deletes a file, and shows the refusal in the server’s words', async () => {
    let answer: [number, unknown?] = [204];
    const requests = mockApi(
      uploadsServer(
        entriesPage([entry({ status: 1, orderItemUploads: [upload()] })]),
        () => answer,
      ),
    );
    const user = userEvent.setup();
    open();
    await openDetail(user, 'MU101');
    await user.click(await screen.findByRole('button', { name: 'Delete my-song.mp4' }));
    await waitFor(() => toastWith('teal', uploadText('deleted')));
    const deleted = requests.find((r) => r.method === 'DELETE');
    expect(deleted?.path).toBe('/api/OrderItems/OrderItemUploads/900');

    answer = [403, apiError(403, 'DEADLINE_PASSED', 'The deadline for this entry has passed.')];
    await user.click(screen.getByRole('button', { name: 'Delete my-song.mp4' }));
    await waitFor(() => toastWith('orange', 'The deadline for this entry has passed.'));
  });

  it('opens a file in a new tab through its bucket link', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const requests = mockApi(
      uploadsServer(entriesPage([entry({ status: 1, orderItemUploads: [upload()] })]), (r) =>
        r.path === '/api/BucketLinks/BucketLink' ? [200, { url: '/files/signed-link' }] : [500],
      ),
    );
    const user = userEvent.setup();
    open();
    await openDetail(user, 'MU101');
    await user.click(await screen.findByRole('button', { name: 'View my-song.mp4' }));
    await waitFor(() => expect(tab.location.href).toBe('/files/signed-link'));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const link = requests.find((r) => r.path === '/api/BucketLinks/BucketLink');
    expect(link?.query.get('orderItemId')).toBe('301');
    expect(link?.query.get('orderId')).toBe('90');
    expect(link?.query.get('fileName')).toBe(upload().fileName);
  });

  describe('Results modal (spec 2 and 4)', () => {
    const result = (changes: Partial<EntryResult> = {}): EntryResult => ({
      orderItemId: 301,
      itemCode: 'MU101',
      scores: [
        { name: 'Technique', value: 35, maxValue: 40 },
        { name: 'Musicality', value: 28, maxValue: 30 },
        { name: 'Presentation', value: 22, maxValue: 30 },
      ],
      total: 85,
      medal: 'GOLD',
      comment: 'A confident, well-shaped performance.',
      certificates: [{ label: 'Certificate for Ayanda Dlamini', url: '/certificates/1.pdf' }],
      ...changes,
    });

    async function openResult(answer: [number, unknown?]) {
      mockApi(
        uploadsServer(entriesPage([entry()]), (r) =>
          r.path === '/api/OrderItems/301/Result' ? answer : [500],
        ),
      );
      const user = userEvent.setup();
      open();
      await user.click(await screen.findByRole('button', { name: 'View Result of MU101' }));
      return screen.findByRole('dialog', { name: 'Results' });
    }

    it('shows the scores, the total, the medal, the comment and the certificate', async () => {
      const dialog = await openResult([200, result()]);
      const table = await within(dialog).findByRole('table', { name: 'Scores for MU101' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Name', 'Score']);
      expect(within(table).getByRole('row', { name: 'Technique 35 / 40' })).toBeInTheDocument();
      expect(within(table).getByTestId('result-total')).toHaveTextContent('85');
      expect(within(dialog).getByText('GOLD')).toBeInTheDocument();
      const comment = within(dialog).getByRole('textbox', { name: 'Adjudicator Comment' });
      expect(comment).toHaveValue('A confident, well-shaped performance.');
      expect(comment).toHaveAttribute('readonly');
      expect(
        within(dialog).getByRole('link', { name: 'Certificate for Ayanda Dlamini' }),
      ).toHaveAttribute('href', '/certificates/1.pdf');
      expect(
        within(dialog).getByRole('link', { name: /^All results of this contestant/ }),
      ).toHaveAttribute('href', '/participant-profiles/7/results');
    });

    it('works out the total and medal when the server leaves them out', async () => {
      const dialog = await openResult([200, result({ total: null, medal: null })]);
      expect(await within(dialog).findByTestId('result-total')).toHaveTextContent('85');
      expect(within(dialog).getByText('GOLD')).toBeInTheDocument();
    });

    it('says when no result has been captured', async () => {
      const dialog = await openResult([
        200,
        result({ scores: [], total: null, medal: null, comment: null, certificates: [] }),
      ]);
      expect(
        await within(dialog).findByText(resultText('noResult', { code: 'MU101' })),
      ).toBeInTheDocument();
      expect(within(dialog).getByText(resultText('contactSupport'))).toBeInTheDocument();
      // Why there is none: this open entry was never finalised (decision 043).
      expect(within(dialog).getByTestId('result-marking')).toHaveTextContent(
        finalisingText('resultNotSentYet'),
      );
    });

    it('says when the results come out for a finalised entry with no result yet', async () => {
      mockApi(
        uploadsServer(entriesPage([entry({ status: 1, isSubmittedForMarking: true })]), (r) =>
          r.path === '/api/OrderItems/301/Result'
            ? [
                200,
                result({ scores: [], total: null, medal: null, comment: null, certificates: [] }),
              ]
            : r.path === '/api/Eisteddfods/1'
              ? [200, PUBLIC_SITE.event]
              : [500],
        ),
      );
      const user = userEvent.setup();
      open();
      await user.click(await screen.findByRole('button', { name: 'View Result of MU101' }));
      const dialog = await screen.findByRole('dialog', { name: 'Results' });
      // The event's dates come by their own request: waited for, not assumed first.
      await waitFor(() =>
        expect(within(dialog).getByTestId('result-marking')).toHaveTextContent(
          `${finalisingText('resultNotOut')} Results on ${formatLongDate('2025-06-18')}.`,
        ),
      );
    });

    it('says when the result could not be fetched', async () => {
      const dialog = await openResult([500]);
      expect(await within(dialog).findByText(resultText('fetchError'))).toBeInTheDocument();
    });
  });
});
