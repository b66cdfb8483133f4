import type { StaffRubrics } from '@eisteddfod/shared';
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
    { section: 'Dramatic Arts', criteria, marks: 0, locked: false },
    { section: 'Music', criteria, marks: 4, locked: true },
    { section: 'Visual Arts & Design', criteria, marks: 0, locked: false },
    { section: 'Dance', criteria, marks: 0, locked: false },
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
    expect(within(music).getByText(/Marking has begun \(4 marks\)/)).toBeInTheDocument();
    expect(within(music).queryByRole('textbox')).not.toBeInTheDocument();

    const dance = screen.getByRole('region', { name: 'Dance' });
    const first = within(dance).getByRole('textbox', { name: 'Criterion 1' });
    await user.clear(first);
    await user.type(first, 'Technique and control');
    const max = within(dance).getAllByRole('textbox', { name: 'Maximum' })[0]!;
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
    await user.type(within(dance).getAllByRole('textbox', { name: 'Maximum' })[3]!, '5');
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
});
