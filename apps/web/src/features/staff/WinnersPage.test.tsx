import {
  DEFAULT_WINNERS_RULE,
  type ConfirmedWinners,
  type ReleasePreview,
  type ResultsRelease,
  type WinnersPreview,
} from '@eisteddfod/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockRequest } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { organiser } from './test/fixtures.ts';
import WinnersPage from './WinnersPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const release: ResultsRelease = {
  timeZone: 'Africa/Johannesburg',
  galaDate: '2025-06-18',
  releaseTime: null,
  releaseAt: null,
  releasedAt: null,
  unpublishedMarks: 5,
  now: '2025-06-01T08:00:00.000Z',
};
const rule = { ...DEFAULT_WINNERS_RULE, gradeBands: DEFAULT_WINNERS_RULE.gradeBands.slice(0, 2) };
const line = {
  school: 'Other School',
  grade: '5',
  countedMarks: [92, 90, 88, 86],
  eligible: true,
  reason: null,
};
const preview: WinnersPreview = {
  rule,
  previewToken: 'token-1',
  unpublishedMarks: 5,
  confirmedAt: null,
  confirmedMatchesPreview: false,
  bands: [
    {
      section: 'Visual Arts & Design',
      band: rule.gradeBands[1]!,
      bandLabel: 'Intermediate (Grades 4-6)',
      candidates: [
        {
          ...line,
          contestantId: 7,
          contestant: 'Priya Naidoo',
          entries: 4,
          score: 89,
          isWinner: true,
        },
        {
          ...line,
          contestantId: 8,
          contestant: 'Lerato Naidoo',
          entries: 1,
          countedMarks: [95],
          score: 95,
          eligible: false,
          reason: 'TOO_FEW_ENTRIES',
          isWinner: false,
        },
      ],
    },
    {
      section: 'Visual Arts & Design',
      band: rule.gradeBands[0]!,
      bandLabel: 'Foundation (Grades R-3)',
      candidates: [],
    },
  ],
};
const confirmed: ConfirmedWinners = {
  confirmedAt: '2025-06-01T08:05:00.000Z',
  winners: [
    {
      id: 1,
      section: 'Visual Arts & Design',
      bandLabel: 'Intermediate (Grades 4-6)',
      contestantId: 7,
      contestant: 'Priya Naidoo',
      school: 'Other School',
      grade: '5',
      score: 89,
      entries: 4,
      certificate: {
        label: 'Section Winner certificate',
        url: '/api/Certificates/9/File?expires=1&signature=x',
        verificationCode: 'ABCD-EFGH-JKMN',
        verificationUrl: 'http://localhost/certificates/verify/ABCD-EFGH-JKMN',
      },
    },
  ],
};

const releasePreview: ReleasePreview = {
  sections: [
    {
      section: 'Visual Arts & Design',
      entries: 5,
      medals: { DIPLOMA: 2, GOLD: 2, SILVER: 1, BRONZE: 0, MERIT: 0 },
    },
  ],
  winners: [
    {
      section: 'Visual Arts & Design',
      bandLabel: 'Intermediate (Grades 4-6)',
      name: 'Priya N.',
      score: 89,
    },
  ],
  showcase: [
    {
      section: 'Visual Arts & Design',
      bandLabel: 'Intermediate (Grades 4-6)',
      name: 'Priya N.',
      itemCode: 'VA102',
      itemTitle: 'Drawing',
      kind: 'image',
    },
  ],
  told: { marks: 5, contestants: 2, families: 1, byEmail: 1, byWhatsApp: 0 },
  problems: [],
};

function serve(state: {
  confirmed: boolean;
  stale?: boolean;
  problems?: ReleasePreview['problems'];
  released?: boolean;
}) {
  return (r: MockRequest) => {
    const base = '/api/Staff/Events/2';
    if (r.path === '/api/Staff/Me') return [200, organiser] as const;
    if (r.path === `${base}/WinnersRule` && r.method === 'GET')
      return [200, { rule, isDefault: true, updatedAt: null }] as const;
    if (r.path === `${base}/WinnersRule` && r.method === 'PUT')
      return [
        200,
        { rule: r.body, isDefault: false, updatedAt: '2025-06-01T08:01:00.000Z' },
      ] as const;
    if (r.path === `${base}/Winners/Preview`)
      return [
        200,
        state.confirmed
          ? { ...preview, confirmedAt: confirmed.confirmedAt, confirmedMatchesPreview: true }
          : preview,
      ] as const;
    if (r.path === `${base}/Winners/Confirm`) {
      state.confirmed = true;
      return [200, confirmed] as const;
    }
    if (r.path === `${base}/Winners`)
      return [200, state.confirmed ? confirmed : { confirmedAt: null, winners: [] }] as const;
    if (r.path === `${base}/Release` && r.method === 'GET')
      return [
        200,
        {
          ...release,
          winnersNeedConfirming: state.stale ?? false,
          ...(state.released
            ? {
                releasedAt: '2025-06-01T08:00:00.000Z',
                unpublishedMarks: 0,
                withdrawableUntil: '2025-06-01T08:30:00.000Z',
              }
            : {}),
        },
      ] as const;
    if (r.path === `${base}/Release/Preview`)
      return [200, { ...releasePreview, problems: state.problems ?? [] }] as const;
    if (r.path === `${base}/Release/Withdraw`) {
      state.released = false;
      return [200, { ...release, withdrawableUntil: null }] as const;
    }
    if (r.path === `${base}/Release/Now`)
      return [
        200,
        { published: 5, certificates: 5, familiesNotified: 2, releasedAt: release.now },
      ] as const;
    if (r.path === `${base}/Release` && r.method === 'PUT')
      return [
        200,
        { ...release, releaseTime: '18:00', releaseAt: '2025-06-18T16:00:00.000Z' },
      ] as const;
    return [404, apiError(404, 'NOT_FOUND')] as const;
  };
}

/** A fresh server for one test: nothing confirmed yet. */
const serveFresh = () => {
  const answer = serve({ confirmed: false });
  return (r: MockRequest): [number, unknown] => [...answer(r)];
};

const open = () =>
  renderRoutes(
    [{ path: '/staff/events/:id/winners', element: <WinnersPage /> }],
    '/staff/events/2/winners',
  );

describe('WinnersPage (/staff/events/:id/winners)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('saves the rule as edited, then previews it and confirms the previewed winners', async () => {
    const requests = mockApi(serveFresh());
    open();
    const minimum = await screen.findByRole('textbox', { name: /^Minimum entries/ });
    expect(minimum).toHaveValue('4');
    fireEvent.change(minimum, { target: { value: '3' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Ties' }), {
      target: { value: 'highestSingleMark' },
    });
    // An unsaved rule is not previewed: the preview is the saved rule's.
    expect(screen.getByRole('button', { name: 'Preview winners' })).toBeDisabled();
    expect(screen.getByText('Save the rule to preview it.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        ...rule,
        minimumEntries: 3,
        ties: 'highestSingleMark',
      }),
    );
    expect(requests.some((r) => r.path.endsWith('/Winners/Preview'))).toBe(false);

    const previewButton = await screen.findByRole('button', { name: 'Preview winners' });
    await waitFor(() => expect(previewButton).toBeEnabled());
    fireEvent.click(previewButton);
    const table = await screen.findByRole('table', {
      name: 'Visual Arts & Design, Intermediate (Grades 4-6)',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Priya Naidoo');
    expect(within(rows[0]!).getByText('Section Winner')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Too few entries (4 needed)');
    expect(screen.getByText('Winner: Priya Naidoo.')).toBeInTheDocument();
    // A band without candidates has no table.
    expect(screen.queryByRole('table', { name: /Foundation/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm winners' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path.endsWith('/Winners/Confirm'))?.body).toEqual({
        previewToken: 'token-1',
      }),
    );
    const list = screen.getByRole('region', { name: 'Confirmed winners' });
    expect(
      await within(list).findByRole('link', { name: 'Section Winner certificate (PDF)' }),
    ).toHaveAttribute('href', '/api/Certificates/9/File?expires=1&signature=x');
    expect(within(list).getByRole('link', { name: 'Check ABCD-EFGH-JKMN' })).toHaveAttribute(
      'href',
      'http://localhost/certificates/verify/ABCD-EFGH-JKMN',
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Confirm winners' })).toBeDisabled(),
    );
    expect(screen.getByText('The confirmed winners are the ones shown.')).toBeInTheDocument();
  }, 20_000);

  it('refuses overlapping grade bands before asking the server', async () => {
    const requests = mockApi(serveFresh());
    open();
    const second = await screen.findByRole('group', { name: 'Band 2' });
    fireEvent.change(within(second).getByRole('combobox', { name: 'From grade' }), {
      target: { value: '3' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Grade 3 is in both Foundation and Intermediate.',
    );
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('schedules the release at a time on the gala date and says when in the event’s zone', async () => {
    const requests = mockApi(serveFresh());
    open();
    const panel = await screen.findByRole('region', { name: 'Release on the gala date' });
    expect(panel).toHaveTextContent(
      'Not scheduled: the results go out only when you release them.',
    );
    expect(panel).toHaveTextContent('5 submitted marks waiting.');
    fireEvent.change(within(panel).getByLabelText(/^Release time/), { target: { value: '18:00' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Schedule release' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ releaseTime: '18:00' }),
    );
    expect(
      await within(panel).findByText(
        /Scheduled for 18 June 2025 at 18:00 \(Africa\/Johannesburg\)/,
      ),
    ).toBeInTheDocument();
  });

  it('says when the confirmed winners no longer match the marks, and only then', async () => {
    const stale = serve({ confirmed: true, stale: true });
    mockApi((r) => [...stale(r)]);
    const { unmount } = open();
    const panel = await screen.findByRole('region', { name: 'Release on the gala date' });
    expect(await within(panel).findByText('Winners need confirming again')).toBeInTheDocument();
    unmount();
    const current = serve({ confirmed: true });
    mockApi((r) => [...current(r)]);
    open();
    await screen.findByRole('region', { name: 'Release on the gala date' });
    expect(screen.queryByText('Winners need confirming again')).not.toBeInTheDocument();
  });

  it('releases by hand only after listing what becomes public and who is told', async () => {
    const requests = mockApi(serveFresh());
    open();
    const panel = await screen.findByRole('region', { name: 'Release on the gala date' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Release now…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release the results now?' });
    expect(
      await within(dialog).findByText(
        'Visual Arts & Design: 5 entries (Diploma 2, Gold 2, Silver 1, Bronze 0, Merit 0)',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Visual Arts & Design, Intermediate (Grades 4-6): Priya N.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Priya N.: VA102 Drawing (image)')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      '5 submitted marks will be published with their certificates. 1 family of 2 contestants is told their results and Section Winner titles now by email.',
    );
    expect(dialog).toHaveTextContent('messages sent to families are not unsent');
    expect(requests.some((r) => r.path.endsWith('/Release/Now'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release now' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.path.endsWith('/Release/Now'))).toHaveLength(1),
    );
    expect(requests.find((r) => r.path.endsWith('/Release/Now'))?.body).toEqual({
      acknowledge: [],
    });
  });

  it('names what is missing and releases only once it is acknowledged', async () => {
    const answer = serve({
      confirmed: false,
      problems: [
        {
          code: 'WINNERS_UNCONFIRMED',
          message: 'No Section Winners are confirmed: the gala page would name no winners.',
        },
        {
          code: 'MARKING_INCOMPLETE',
          message:
            '2 entries are not marked yet (or only as a draft): their results are neither published nor counted.',
        },
      ],
    });
    const requests = mockApi((r) => [...answer(r)]);
    open();
    const panel = await screen.findByRole('region', { name: 'Release on the gala date' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Release now…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release the results now?' });
    expect(
      await within(dialog).findByText(
        'No Section Winners are confirmed: the gala page would name no winners.',
      ),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('2 entries are not marked yet');
    const go = within(dialog).getByRole('button', { name: 'Release now' });
    expect(go).toBeDisabled();
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Release anyway, without what is listed here' }),
    );
    expect(go).toBeEnabled();
    fireEvent.click(go);
    await waitFor(() =>
      expect(requests.find((r) => r.path.endsWith('/Release/Now'))?.body).toEqual({
        acknowledge: ['WINNERS_UNCONFIRMED', 'MARKING_INCOMPLETE'],
      }),
    );
  });

  it('withdraws the gala page after asking, saying messages sent stay sent', async () => {
    const answer = serve({ confirmed: true, released: true });
    const requests = mockApi((r) => [...answer(r)]);
    open();
    const panel = await screen.findByRole('region', { name: 'Release on the gala date' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Withdraw the gala page…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the gala page?' });
    expect(dialog).toHaveTextContent(
      'Messages already sent to families are not unsent, and families keep the results of their entries.',
    );
    expect(dialog).toHaveTextContent('Possible until 1 June 2025 at 10:30');
    expect(requests.some((r) => r.path.endsWith('/Release/Withdraw'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw the gala page' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.path.endsWith('/Release/Withdraw'))).toHaveLength(1),
    );
    await waitFor(() =>
      expect(
        within(panel).queryByRole('button', { name: 'Withdraw the gala page…' }),
      ).not.toBeInTheDocument(),
    );
  });
});
