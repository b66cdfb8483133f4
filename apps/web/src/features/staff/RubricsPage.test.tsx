import { RUBRIC_EDITOR_MESSAGES, type StaffRubrics } from '@eisteddfod/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import RubricsPage from './RubricsPage.tsx';
import { organiser, staffEvent } from './test/fixtures.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const criteria = [
  { name: 'Technique', maxValue: 40 },
  { name: 'Interpretation', maxValue: 30 },
  { name: 'Presentation', maxValue: 30 },
];
const rubrics: StaffRubrics = {
  eventId: 2,
  sections: [
    { section: 'Dramatic Arts', criteria, marks: 0, locked: false, lockedReason: null },
    {
      section: 'Music',
      criteria,
      marks: 4,
      locked: true,
      lockedReason: RUBRIC_EDITOR_MESSAGES.locked('Music', 4),
    },
    { section: 'Visual Arts & Design', criteria, marks: 0, locked: false, lockedReason: null },
    { section: 'Dance', criteria, marks: 0, locked: false, lockedReason: null },
  ],
};

describe('RubricsPage (/staff/events/:id/rubrics)', () => {
  beforeEach(() => localStorage.setItem('token', 'session-token'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('keeps a marked section fixed, and saves another only when its maxima total 100', async () => {
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Events/2') return [200, staffEvent];
      if (r.path === '/api/Staff/Events/2/Rubrics') return [200, rubrics];
      if (r.method === 'PUT')
        return [
          200,
          {
            section: 'Dance',
            criteria: (r.body as { criteria: unknown }).criteria,
            marks: 0,
            locked: false,
            lockedReason: null,
          },
        ];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/staff/events/:id/rubrics', element: <RubricsPage /> }],
      '/staff/events/2/rubrics',
    );
    const music = await screen.findByRole('region', { name: 'Music' });
    expect(
      within(music).getByText(
        'Marking in Music has begun (4 marks, draft or submitted): its rubric stays as the adjudicators were given it.',
      ),
    ).toBeInTheDocument();
    expect(within(music).queryByRole('textbox')).not.toBeInTheDocument();

    const dance = screen.getByRole('region', { name: 'Dance' });
    const first = within(dance).getByRole('textbox', { name: 'Criterion 1' });
    await user.clear(first);
    await user.type(first, 'Technique and control');
    const max = within(dance).getByRole('textbox', { name: 'Maximum for criterion 1' });
    await user.clear(max);
    await user.type(max, '35');
    expect(within(dance).getByText('Total 95 of 100')).toBeInTheDocument();
    await user.click(within(dance).getByRole('button', { name: 'Save Dance rubric' }));
    expect(await within(dance).findByRole('alert')).toHaveTextContent(
      'The maxima total 95; they must total 100.',
    );
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.click(within(dance).getByRole('button', { name: 'Add criterion' }));
    await user.type(within(dance).getByRole('textbox', { name: 'Criterion 4' }), 'Costume');
    await user.type(within(dance).getByRole('textbox', { name: 'Maximum for criterion 4' }), '5');
    await user.click(within(dance).getByRole('button', { name: 'Move criterion 4 up' }));
    await user.click(within(dance).getByRole('button', { name: 'Save Dance rubric' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toBeDefined());
    const sent = requests.find((r) => r.method === 'PUT')!;
    expect(sent.path).toBe('/api/Staff/Events/2/Rubrics/Dance');
    expect(sent.body).toEqual({
      criteria: [
        { name: 'Technique and control', maxValue: 35 },
        { name: 'Interpretation', maxValue: 30 },
        { name: 'Costume', maxValue: 5 },
        { name: 'Presentation', maxValue: 30 },
      ],
    });
  });

  it('names each problem where it is, and says why the server refused a save', async () => {
    const requests = mockApi((r) => {
      if (r.path === '/api/Staff/Me') return [200, organiser];
      if (r.path === '/api/Staff/Events/2') return [200, staffEvent];
      if (r.path === '/api/Staff/Events/2/Rubrics') return [200, rubrics];
      if (r.method === 'PUT')
        return [
          409,
          apiError(409, 'RUBRIC_LOCKED', RUBRIC_EDITOR_MESSAGES.locked('Dramatic Arts', 1)),
        ];
      return [404, apiError(404, 'NOT_FOUND')];
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/staff/events/:id/rubrics', element: <RubricsPage /> }],
      '/staff/events/2/rubrics',
    );
    const drama = await screen.findByRole('region', { name: 'Dramatic Arts' });
    const second = within(drama).getByRole('textbox', { name: 'Criterion 2' });
    await user.clear(second);
    await user.type(second, 'technique');
    const max = within(drama).getByRole('textbox', { name: 'Maximum for criterion 3' });
    await user.clear(max);
    await user.type(max, '4.5');
    await user.click(within(drama).getByRole('button', { name: 'Save Dramatic Arts rubric' }));
    expect(second).toHaveAccessibleDescription(RUBRIC_EDITOR_MESSAGES.sameName('technique'));
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(within(drama).getByRole('alert')).toHaveTextContent(
      'Maximum for criterion 3: Each maximum is a whole number from 1 to 100.',
    );
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    // Removing a row leaves the rest, the running total following.
    await user.click(within(drama).getByRole('button', { name: 'Remove criterion 2' }));
    expect(within(drama).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(drama).getAllByRole('textbox', { name: /^Criterion/ })).toHaveLength(2);
    expect(within(drama).getByText('Total 44.5 of 100')).toBeInTheDocument();
    await user.clear(within(drama).getByRole('textbox', { name: 'Maximum for criterion 2' }));
    await user.type(within(drama).getByRole('textbox', { name: 'Maximum for criterion 2' }), '60');
    expect(within(drama).getByText('Total 100 of 100')).toBeInTheDocument();
    await user.click(within(drama).getByRole('button', { name: 'Save Dramatic Arts rubric' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const { notifications } = await import('@mantine/notifications');
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: RUBRIC_EDITOR_MESSAGES.locked('Dramatic Arts', 1) }),
      ),
    );
  });
});
