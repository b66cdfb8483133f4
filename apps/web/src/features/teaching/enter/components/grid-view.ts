import type { ClassGrid, GridItem, GridLearner } from '@eisteddfod/shared';
import { cellKey, existingEntries, type CellKey, type Ticks } from '../ticks.ts';
import type { CellProps } from './GridCell.tsx';

/** What each cell shows and does, from the grid, the ticks and the refusals. */
export interface GridView {
  cell: (learner: GridLearner, item: GridItem) => CellProps;
  allowed: (learner: GridLearner, item: GridItem) => boolean;
}

export function gridView(
  grid: ClassGrid,
  ticks: Ticks,
  problems: Map<CellKey, string>,
  setTicks: (change: (ticks: Ticks) => Ticks) => void,
): GridView {
  const existing = existingEntries(grid);
  const allowedSets = new Map(
    Object.entries(grid.allowedByGrade).map(([grade, ids]) => [grade, new Set(ids)]),
  );
  const allowed = (learner: GridLearner, item: GridItem) =>
    allowedSets.get(learner.grade)?.has(item.id) ?? false;
  const set = (key: CellKey, value: string | undefined) =>
    setTicks((t) => {
      const ticked = new Map(t.ticked);
      if (value === undefined) ticked.delete(key);
      else ticked.set(key, value);
      return { ...t, ticked };
    });
  return {
    allowed,
    cell: (learner, item) => {
      const key = cellKey(learner.id, item.id);
      return {
        learner,
        item,
        allowed: allowed(learner, item),
        ticked: ticks.ticked.has(key),
        instrument: ticks.ticked.get(key) ?? '',
        paid: existing.get(key)?.paid ?? false,
        problem: problems.get(key),
        onTick: (on) => set(key, on ? (existing.get(key)?.instruments ?? '') : undefined),
        onInstrument: (instrument) => set(key, instrument),
      };
    },
  };
}
