import type { SeasonTasks } from '@eisteddfod/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { daysUntil } from './season-task-words.ts';
import { SeasonTaskList } from './SeasonTaskList.tsx';

const tasks: SeasonTasks = {
  event: { id: 3, name: 'Online Eisteddfod 2026' },
  phase: 'uploads',
  today: '2026-04-21',
  tasks: [
    {
      id: 'finalise-entries',
      status: 'to-do',
      count: 12,
      families: 9,
      nextDueDate: '2026-04-24',
      examples: [{ label: 'Thandi: 2 entries', href: '/staff/families/41' }],
    },
    { id: 'conflicts', status: 'info', count: 1, examples: [] },
    { id: 'winners', status: 'not-yet', count: 0, examples: [] },
    { id: 'failed-files', status: 'done', count: 0, examples: [] },
  ],
};

describe('SeasonTaskList (issue 34)', () => {
  it('words each task from its figures, with its state and where to work it', () => {
    renderRoutes([{ path: '/staff', element: <SeasonTaskList tasks={tasks} /> }], '/staff');
    expect(screen.getByText('1 of 4 tasks need you now for Online Eisteddfod 2026.')).toBeVisible();
    expect(screen.getByText('Uploads and finalising')).toBeVisible();
    const finalise = screen.getByRole('listitem', {
      name: 'Entries complete but not sent to the adjudicators',
    });
    expect(finalise).toHaveTextContent(
      '12 entries of 9 families have their files but are not finalised, so nobody will mark them. The next due date is 24 April 2026 (in 3 days).',
    );
    expect(within(finalise).getByText('To do')).toBeVisible();
    expect(within(finalise).getByRole('link', { name: 'Remind them to finalise' })).toHaveAttribute(
      'href',
      '/staff/reminders?kind=not_finalised',
    );
    expect(within(finalise).getByRole('link', { name: 'Thandi: 2 entries' })).toHaveAttribute(
      'href',
      '/staff/families/41',
    );
    const winners = screen.getByRole('listitem', { name: 'Confirm the section winners' });
    expect(within(winners).getByText('Cannot start yet')).toBeVisible();
    expect(within(winners).queryByRole('link')).not.toBeInTheDocument();
    const failed = screen.getByRole('listitem', { name: 'Files that could not be processed' });
    expect(failed).toHaveTextContent('DoneEvery uploaded file was processed.');
  });

  it('counts days to a deadline in calendar days', () => {
    expect(daysUntil('2026-04-21', '2026-04-21')).toBe(0);
    expect(daysUntil('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysUntil('2026-04-22', '2026-04-21')).toBe(-1);
  });
});
