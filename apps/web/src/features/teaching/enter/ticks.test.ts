import type { ClassGrid, GridItem } from '@eisteddfod/shared';
import { describe, expect, it } from 'vitest';
import { cellKey, initialTicks, plan, refusalsByCell } from './ticks.ts';

const item = (id: number, over: Partial<GridItem> = {}): GridItem => ({
  id,
  code: `I${id}`,
  name: `Item ${id}`,
  section: 'Dance',
  categoryName: 'Solo',
  isGroupItem: false,
  requiresAnInstrument: false,
  minimumParticipants: 1,
  maximumParticipants: 1,
  deadlinePassed: false,
  ...over,
});
const learner = (id: number) => ({ id, firstName: `L${id}`, surname: 'S', grade: '5' });
const grid: ClassGrid = {
  membershipId: 1,
  schoolName: 'School',
  eventId: 1,
  learners: [learner(1), learner(2), learner(3)],
  items: [item(10), item(11, { requiresAnInstrument: true }), item(12, { isGroupItem: true })],
  allowedByGrade: { '5': [10, 11, 12] },
  entries: [
    { orderItemId: 100, learnerId: 1, itemId: 10, instruments: '', groupName: null, paid: false },
    { orderItemId: 101, learnerId: 2, itemId: 10, instruments: '', groupName: null, paid: true },
  ],
};

describe('the grid’s ticks as one call (decision 065)', () => {
  it('adds new ticks, makes a group item’s ticks one group, and removes unticked unpaid entries only', () => {
    const ticks = initialTicks(grid);
    ticks.ticked.delete(cellKey(1, 10)); // unticked, unpaid: removed
    ticks.ticked.delete(cellKey(2, 10)); // paid: never removed
    ticks.ticked.set(cellKey(3, 10), '');
    ticks.ticked.set(cellKey(1, 11), 'Guitar');
    ticks.ticked.set(cellKey(2, 12), '');
    ticks.ticked.set(cellKey(3, 12), '');
    ticks.groupNames.set(12, 'Duo');
    const planned = plan(grid, ticks);
    expect(planned.change).toEqual({
      add: [
        { learnerId: 3, itemId: 10 },
        { learnerId: 1, itemId: 11, instruments: 'Guitar' },
        { learnerId: 2, itemId: 12, groupName: 'Duo', groupLearnerIds: [3] },
      ],
      remove: [100],
    });
    const byCell = refusalsByCell(
      planned,
      [
        { kind: 'add', row: 2, code: 'GROUP_SIZE', message: 'Too few' },
        { kind: 'remove', row: 0, code: 'ORDER_ITEM_NOT_FOUND', message: 'Gone' },
      ],
      (r) => r.message,
    );
    expect(Object.fromEntries(byCell)).toEqual({
      '2:12': 'Too few',
      '3:12': 'Too few',
      '1:10': 'Gone',
    });
  });

  it('sends a group’s members from elsewhere with its row, and none when there are none', () => {
    const ticks = initialTicks(grid);
    ticks.ticked.set(cellKey(3, 12), '');
    const member = {
      firstName: 'Thabo',
      surname: 'Nkosi',
      school: 'Other School',
      gender: 'male',
      grade: '5',
    };
    ticks.groupMembers.set(12, [member]);
    ticks.groupMembers.set(10, [member]); // not a group item: never sent
    expect(plan(grid, ticks).change.add).toEqual([
      { learnerId: 3, itemId: 12, groupName: '', groupLearnerIds: [], groupMembers: [member] },
    ]);
    ticks.groupMembers.set(12, []);
    expect(plan(grid, ticks).change.add).toEqual([
      { learnerId: 3, itemId: 12, groupName: '', groupLearnerIds: [] },
    ]);
  });
});
