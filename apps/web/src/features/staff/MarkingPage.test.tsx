import type { MarkingEntry, StaffMe } from '@eisteddfod/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type MockRequest } from '../../test/api-mock.ts';
import { renderRoutes, withMantine } from '../../test/render.tsx';
import { MarkingForm } from './components/MarkingForm.tsx';
import MarkingPage from './MarkingPage.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const rubric = [
  { name: 'Technique', maxValue: 60 },
  { name: 'Presentation', maxValue: 40 },
];
const adjudicator: StaffMe = {
  customerId: 7,
  firstName: 'Adele',
  surname: 'Staff',
  role: 'adjudicator',
};

const entry = (mark: MarkingEntry['mark'] = null): MarkingEntry => ({
  orderItemId: 55,
  entryCode: 'E55',
  itemCode: 'DN101',
  itemTitle: 'Ballet solo',
  categoryName: 'Ballet',
  section: 'Dance',
  isGroupItem: false,
  status: mark ? (mark.status === 'submitted' ? 'submitted' : 'draft') : 'unmarked',
  total: mark?.total ?? null,
  itemDescription: 'A solo.',
  instruments: '',
  groupSize: 1,
  files: [
    {
      uploadId: 9,
      label: 'Main file 1 (.mp4)',
      uploadType: 2,
      isVideo: true,
      url: '/media/uploads/9?expires=1&signature=s',
      playerUrl: '/media/play/9?expires=1&signature=s',
      posterUrl: '/media/posters/9?expires=1&signature=s',
      processing: 'ready',
      durationSeconds: 187.4,
    },
  ],
  rubric,
  mark,
});

const score = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${name}, out of`) }), {
    target: { value },
  });

describe('MarkingForm', () => {
  it('adds up the total as the adjudicator types, and submits every score with the comment', async () => {
    const onSave = vi.fn();
    withMantine(<MarkingForm rubric={rubric} mark={null} saving={false} onSave={onSave} />);
    score('Technique', '51');
    score('Presentation', '33');
    expect(screen.getByTestId('mark-total')).toHaveTextContent('84 / 100');
    fireEvent.change(screen.getByRole('textbox', { name: /Adjudicator comment/ }), {
      target: { value: 'Poised and musical.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit mark' }));
    expect(onSave).toHaveBeenCalledWith({
      scores: [
        { name: 'Technique', value: 51 },
        { name: 'Presentation', value: 33 },
      ],
      comment: 'Poised and musical.',
      submit: true,
    });
  });

  it('refuses a score above its maximum, and a submission with a criterion left out', () => {
    const onSave = vi.fn();
    withMantine(<MarkingForm rubric={rubric} mark={null} saving={false} onSave={onSave} />);
    score('Technique', '61');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Technique takes a whole number from 0 to 60.',
    );
    score('Technique', '60');
    fireEvent.click(screen.getByRole('button', { name: 'Submit mark' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please score Presentation.');
    expect(onSave).not.toHaveBeenCalled();
    // A draft may leave criteria out.
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(onSave).toHaveBeenCalledWith({
      scores: [{ name: 'Technique', value: 60 }],
      comment: '',
      submit: false,
    });
  });

  it('shows a submitted mark read-only, without save buttons', () => {
    withMantine(
      <MarkingForm
        rubric={rubric}
        mark={{
          status: 'submitted',
          comment: 'Lovely',
          scores: [
            { name: 'Technique', value: 50, maxValue: 60 },
            { name: 'Presentation', value: 30, maxValue: 40 },
          ],
          total: 80,
          submittedAt: '2025-05-01T10:00:00.000Z',
          publishedAt: null,
          changeableUntil: null,
        }}
        saving={false}
        onSave={vi.fn()}
      />,
    );
    expect(screen.getByTestId('mark-total')).toHaveTextContent('80 / 100');
    expect(screen.queryByRole('button', { name: 'Submit mark' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Technique/ })).toHaveAttribute('readonly');
  });
});

describe('MarkingPage (/staff/marking/:orderItemId)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the entry blind, with its files, and saves a draft to the server', async () => {
    const requests = mockApi((request: MockRequest) => {
      if (request.path === '/api/Staff/Me') return [200, adjudicator];
      if (request.path === '/api/Staff/Marking/55' && request.method === 'GET')
        return [200, entry()];
      if (request.path === '/api/Staff/Marking/55' && request.method === 'PUT') {
        return [
          200,
          entry({
            status: 'draft',
            comment: '',
            scores: [{ name: 'Technique', value: 40, maxValue: 60 }],
            total: 40,
            submittedAt: null,
            publishedAt: null,
            changeableUntil: null,
          }),
        ];
      }
      return [404, apiError(404, 'NOT_FOUND')];
    });
    renderRoutes(
      [{ path: '/staff/marking/:orderItemId', element: <MarkingPage /> }],
      '/staff/marking/55',
    );
    expect(await screen.findByRole('heading', { name: 'Entry E55' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play Main file 1 (.mp4)' })).toHaveAttribute(
      'href',
      '/media/play/9?expires=1&signature=s',
    );
    score('Technique', '40');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      scores: [{ name: 'Technique', value: 40 }],
      comment: '',
      submit: false,
    });
    const form = await screen.findByRole('form', { name: 'Mark this entry' });
    await waitFor(() =>
      expect(within(form).getByTestId('mark-total')).toHaveTextContent('40 / 100'),
    );
  });

  it('shows the not found page to a family', async () => {
    mockApi(() => [404, apiError(404, 'NOT_FOUND')]);
    renderRoutes(
      [{ path: '/staff/marking/:orderItemId', element: <MarkingPage /> }],
      '/staff/marking/55',
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
