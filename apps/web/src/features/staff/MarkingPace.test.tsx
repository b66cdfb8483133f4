import type { MarkingEntry, MarkingEntrySummary, StaffMe } from '@eisteddfod/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockRequest } from '../../test/api-mock.ts';
import { clearSession } from '../../lib/storage.ts';
import { renderRoutes } from '../../test/render.tsx';
import MarkingListPage from './MarkingListPage.tsx';
import MarkingPage from './MarkingPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

// Decision 058: marking at a judge's pace.

const rubric = [
  { name: 'Technique', maxValue: 60 },
  { name: 'Presentation', maxValue: 40 },
];
const adjudicator: StaffMe = { customerId: 7, firstName: 'A', surname: 'S', role: 'adjudicator' };

const summary = (id: number, status: MarkingEntrySummary['status']): MarkingEntrySummary => ({
  orderItemId: id,
  entryCode: `E${id}`,
  itemCode: 'DN101',
  itemTitle: 'Ballet solo',
  categoryName: 'Ballet',
  section: 'Dance',
  isGroupItem: false,
  status,
  total: status === 'unmarked' ? null : 80,
});

const entry = (id: number, mark: MarkingEntry['mark'] = null): MarkingEntry => ({
  ...summary(id, mark ? mark.status : 'unmarked'),
  itemDescription: 'A solo.',
  instruments: '',
  groupSize: 1,
  files: [],
  rubric,
  mark,
});

const submittedMark = (changeableUntil: string | null): MarkingEntry['mark'] => ({
  status: 'submitted',
  comment: 'Poised.',
  scores: [
    { name: 'Technique', value: 50, maxValue: 60 },
    { name: 'Presentation', value: 30, maxValue: 40 },
  ],
  total: 80,
  submittedAt: '2025-05-01T10:00:00.000Z',
  publishedAt: null,
  changeableUntil,
});

const score = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${name}, out of`) }), {
    target: { value },
  });

/** E1 marked, E2 open, E3 and E4 to mark: the server's order. */
function server(
  list = [
    summary(1, 'submitted'),
    summary(2, 'unmarked'),
    summary(3, 'draft'),
    summary(4, 'unmarked'),
  ],
) {
  return mockApi((request: MockRequest) => {
    const id = Number(/Marking\/(\d+)$/.exec(request.path)?.[1]);
    if (request.path === '/api/Staff/Me') return [200, adjudicator];
    if (request.path === '/api/Staff/Marking') return [200, list];
    if (id && request.method === 'GET') return [200, entry(id)];
    if (id && request.method === 'PUT') {
      if ((request.body as { submit: boolean }).submit) {
        list = list.map((e) => (e.orderItemId === id ? { ...e, status: 'submitted' } : e));
      }
      const body = request.body as {
        scores: { name: string; value: number }[];
        comment: string;
        submit: boolean;
      };
      return [
        200,
        entry(id, {
          status: body.submit ? 'submitted' : 'draft',
          comment: body.comment,
          scores: body.scores.map((s) => ({ ...s, maxValue: s.name === 'Technique' ? 60 : 40 })),
          total: body.scores.reduce((sum, s) => sum + s.value, 0),
          submittedAt: null,
          publishedAt: null,
          changeableUntil: body.submit ? new Date(Date.now() + 600_000).toISOString() : null,
        }),
      ];
    }
    return [404, apiError(404, 'NOT_FOUND')];
  });
}

const routes = [
  { path: '/staff/marking', element: <MarkingListPage /> },
  { path: '/staff/marking/:orderItemId', element: <MarkingPage /> },
];

describe('marking at a judge’s pace', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('customerId', String(adjudicator.customerId));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the medal as marks are typed, with the progress over the list', async () => {
    server();
    renderRoutes(routes, '/staff/marking/2');
    expect(await screen.findByText('1 of 4 marked · 3 left')).toBeInTheDocument();
    score('Technique', '51');
    expect(screen.getByTestId('mark-medal')).toHaveTextContent(
      '51 / 100: Merit so far, 1 to score.',
    );
    score('Presentation', '33');
    expect(screen.getByTestId('mark-medal')).toHaveTextContent('84 / 100: Gold.');
    score('Presentation', '39');
    expect(screen.getByTestId('mark-medal')).toHaveTextContent('90 / 100: Diploma.');
  });

  it('submits with Ctrl+Enter and opens the next entry still to mark, its data fetched ahead, the cursor in its first score', async () => {
    const requests = server();
    const { router } = renderRoutes(routes, '/staff/marking/2');
    expect(await screen.findByRole('heading', { name: 'Entry E2' })).toBeInTheDocument();
    // E3, the next still to mark, is asked for before anything is submitted.
    await waitFor(() => expect(requests.some((r) => r.path === '/api/Staff/Marking/3')).toBe(true));
    score('Technique', '50');
    score('Presentation', '30');
    fireEvent.keyDown(screen.getByRole('textbox', { name: /^Presentation/ }), {
      key: 'Enter',
      ctrlKey: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/marking/3'));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/api/Staff/Marking/2');
    expect(put?.body).toMatchObject({
      submit: true,
      scores: [
        { name: 'Technique', value: 50 },
        { name: 'Presentation', value: 30 },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Entry E3' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Technique/ })).toHaveFocus());
    expect(screen.getByText('2 of 4 marked · 2 left')).toBeInTheDocument();
  });

  it('goes back to the list, all marked, after the last entry', async () => {
    server([summary(1, 'submitted'), summary(2, 'unmarked')]);
    const { router } = renderRoutes(routes, '/staff/marking/2');
    await screen.findByRole('heading', { name: 'Entry E2' });
    score('Technique', '50');
    score('Presentation', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Submit & next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/marking'));
    expect(await screen.findByText('2 of 2 marked · 0 left')).toBeInTheDocument();
  });

  it('saves the draft by itself after a pause, and says when', async () => {
    const requests = server();
    renderRoutes(routes, '/staff/marking/2');
    await screen.findByRole('heading', { name: 'Entry E2' });
    score('Technique', '41');
    expect(screen.getByText(/Not saved yet/)).toBeInTheDocument();
    expect(localStorage.getItem('markingDraft:7:2')).toContain('41');
    await waitFor(() => expect(screen.getByText(/^Draft saved \d\d:\d\d\.$/)).toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      scores: [{ name: 'Technique', value: 41 }],
      comment: '',
      submit: false,
    });
    expect(localStorage.getItem('markingDraft:7:2')).toBeNull();
  });

  it('keeps a copy on the device when the save fails, and puts it back on opening the entry', async () => {
    mockApi((request) => {
      if (request.path === '/api/Staff/Me') return [200, adjudicator];
      if (request.path === '/api/Staff/Marking') return [200, [summary(2, 'unmarked')]];
      if (request.method === 'GET') return [200, entry(2)];
      return [503, apiError(503, 'UNAVAILABLE')];
    });
    const first = renderRoutes(routes, '/staff/marking/2');
    await screen.findByRole('heading', { name: 'Entry E2' });
    score('Technique', '44');
    expect(
      await screen.findByText(
        /^Not saved: .* A copy is kept on this device\.$/,
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    first.unmount();
    renderRoutes(routes, '/staff/marking/2');
    await screen.findByRole('heading', { name: 'Entry E2' });
    expect(
      screen.getByText('Your unsaved changes on this device were put back.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Technique/ })).toHaveValue('44');
  });

  it("never puts back another adjudicator's copy, and signing out clears every copy", async () => {
    localStorage.setItem(
      'markingDraft:8:2',
      JSON.stringify({ scores: [{ name: 'Technique', value: 12 }], comment: 'Theirs' }),
    );
    localStorage.setItem('markingDraft:7:3', JSON.stringify({ scores: [], comment: 'Mine' }));
    server();
    renderRoutes(routes, '/staff/marking/2');
    await screen.findByRole('heading', { name: 'Entry E2' });
    expect(screen.getByRole('textbox', { name: /^Technique/ })).toHaveValue('');
    expect(
      screen.queryByText('Your unsaved changes on this device were put back.'),
    ).not.toBeInTheDocument();
    clearSession();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('markingDraft:'))).toEqual([]);
  });

  it('asks before leaving an entry with changes the server does not have', async () => {
    server();
    const { router } = renderRoutes(routes, '/staff/marking/2');
    await screen.findByRole('heading', { name: 'Entry E2' });
    score('Technique', '41');
    await act(() => router.navigate('/staff/marking'));
    expect(await screen.findByRole('dialog', { name: 'Leave this entry?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/staff/marking/2');
  });

  it('lets a submitted mark be changed until its time, then shows it read-only', async () => {
    const until = new Date(Date.now() + 5 * 60_000);
    mockApi((request) => {
      if (request.path === '/api/Staff/Me') return [200, adjudicator];
      if (request.path === '/api/Staff/Marking') return [200, [summary(2, 'submitted')]];
      return [200, entry(2, submittedMark(until.toISOString()))];
    });
    renderRoutes(routes, '/staff/marking/2');
    const hhmm = until.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect(
      await screen.findByText(
        `This mark has been submitted. You can change this mark until ${hhmm}; then it locks.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit changes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });
});
