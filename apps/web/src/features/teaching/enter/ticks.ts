import type {
  ClassEntriesChange,
  ClassGrid,
  GridEntry,
  GroupMember,
  RefusedRow,
} from '@eisteddfod/shared';

// What the grid's ticks mean for the batch call (decision 065): a new tick is an entry to add,
// an untick of an unpaid entry one to remove, a group item's ticks one group.

export type CellKey = `${number}:${number}`;
export const cellKey = (learnerId: number, itemId: number): CellKey => `${learnerId}:${itemId}`;

export interface Ticks {
  /** Ticked cells, with the instrument chosen for items that need one. */
  ticked: Map<CellKey, string>;
  /** A group item's name, by item. */
  groupNames: Map<number, string>;
  /** A group item's members from elsewhere (not learners of the class), by item. */
  groupMembers: Map<number, GroupMember[]>;
}

export function existingEntries(grid: ClassGrid): Map<CellKey, GridEntry> {
  return new Map(grid.entries.map((e) => [cellKey(e.learnerId, e.itemId), e]));
}

export function initialTicks(grid: ClassGrid): Ticks {
  return {
    ticked: new Map(grid.entries.map((e) => [cellKey(e.learnerId, e.itemId), e.instruments])),
    groupNames: new Map(),
    groupMembers: new Map(),
  };
}

export interface Planned {
  change: ClassEntriesChange;
  /** The cells each row of `add` and `remove` stands for, to show a refusal where it belongs. */
  addCells: CellKey[][];
  removeCells: CellKey[];
}

/** The call the ticks ask for, in the grid's order of learners and items. */
export function plan(grid: ClassGrid, ticks: Ticks): Planned {
  const existing = existingEntries(grid);
  const add: ClassEntriesChange['add'] = [];
  const addCells: CellKey[][] = [];
  for (const item of grid.items) {
    const fresh = grid.learners.filter((l) => {
      const key = cellKey(l.id, item.id);
      return ticks.ticked.has(key) && !existing.has(key);
    });
    if (fresh.length === 0) continue;
    if (item.isGroupItem) {
      const [first, ...others] = fresh;
      const members = ticks.groupMembers.get(item.id) ?? [];
      add.push({
        learnerId: first!.id,
        itemId: item.id,
        groupName: ticks.groupNames.get(item.id) ?? '',
        groupLearnerIds: others.map((l) => l.id),
        ...(members.length > 0 ? { groupMembers: members } : {}),
      });
      addCells.push(fresh.map((l) => cellKey(l.id, item.id)));
      continue;
    }
    for (const learner of fresh) {
      const key = cellKey(learner.id, item.id);
      const instrument = ticks.ticked.get(key) ?? '';
      add.push({
        learnerId: learner.id,
        itemId: item.id,
        ...(item.requiresAnInstrument ? { instruments: instrument } : {}),
      });
      addCells.push([key]);
    }
  }
  const removed = [...existing.entries()].filter(([key, e]) => !e.paid && !ticks.ticked.has(key));
  return {
    change: { add, remove: removed.map(([, e]) => e.orderItemId) },
    addCells,
    removeCells: removed.map(([key]) => key),
  };
}

/** Each refused row's reason, on the cells it stands for. */
export function refusalsByCell(
  planned: Planned,
  refused: RefusedRow[],
  say: (r: RefusedRow) => string,
) {
  const byCell = new Map<CellKey, string>();
  for (const r of refused) {
    const cells =
      r.kind === 'add' ? (planned.addCells[r.row] ?? []) : [planned.removeCells[r.row]!];
    for (const cell of cells) byCell.set(cell, say(r));
  }
  return byCell;
}
