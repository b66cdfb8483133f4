/** Medals by total mark (spec 4 and 9): the cut-offs 60, 70, 80 and 90. */
export const MEDALS = ['DIPLOMA', 'GOLD', 'SILVER', 'BRONZE', 'MERIT'] as const;
export type Medal = (typeof MEDALS)[number];

export function medalFor(total: number): Medal {
  if (total >= 90) return 'DIPLOMA';
  if (total >= 80) return 'GOLD';
  if (total >= 70) return 'SILVER';
  if (total >= 60) return 'BRONZE';
  return 'MERIT';
}

/** Spec 4: the total is the sum of the rubric values. */
export function totalOf(scores: readonly { value: number }[]): number {
  return scores.reduce((sum, s) => sum + s.value, 0);
}
