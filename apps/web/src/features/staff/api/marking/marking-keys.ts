// Adjudicators' marking and their conflicts of interest (issue 9; staffApi in
// packages/shared/src/endpoints).

export const markingListKey = ['staff', 'marking'] as const;
export const markingEntryKey = (id: number) => ['staff', 'marking', id] as const;
export const conflictsKey = ['staff', 'conflicts'] as const;
