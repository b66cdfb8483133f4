/** Staff roles (issue 9). Customers are families; staff sign in the same way. */
export const STAFF_ROLES = ['organiser', 'adjudicator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: unknown): role is StaffRole =>
  typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role);

/** A rubric's criteria always total 100 (issue 9). */
export const RUBRIC_TOTAL = 100;

export interface RubricCriterion {
  name: string;
  maxValue: number;
}

export type RubricProblem =
  | { kind: 'unknown'; name: string }
  | { kind: 'duplicate'; name: string }
  | { kind: 'out-of-range'; name: string; maxValue: number }
  | { kind: 'missing'; name: string };

/**
 * Checks scores against a rubric: every name is one of its criteria, once, each value a whole
 * number from 0 to the criterion's maximum; `complete` also asks for every criterion (a mark
 * being submitted, not a draft).
 */
export function rubricProblems(
  rubric: readonly RubricCriterion[],
  scores: readonly { name: string; value: number }[],
  complete: boolean,
): RubricProblem[] {
  const problems: RubricProblem[] = [];
  const seen = new Set<string>();
  for (const score of scores) {
    const criterion = rubric.find((c) => c.name === score.name);
    if (!criterion) problems.push({ kind: 'unknown', name: score.name });
    else if (seen.has(score.name)) problems.push({ kind: 'duplicate', name: score.name });
    else if (!Number.isInteger(score.value) || score.value < 0 || score.value > criterion.maxValue)
      problems.push({ kind: 'out-of-range', name: score.name, maxValue: criterion.maxValue });
    seen.add(score.name);
  }
  if (complete) {
    for (const c of rubric) if (!seen.has(c.name)) problems.push({ kind: 'missing', name: c.name });
  }
  return problems;
}

export function describeRubricProblem(p: RubricProblem): string {
  switch (p.kind) {
    case 'unknown':
      return `${p.name} is not a criterion of this rubric.`;
    case 'duplicate':
      return `${p.name} is scored more than once.`;
    case 'out-of-range':
      return `${p.name} takes a whole number from 0 to ${p.maxValue}.`;
    case 'missing':
      return `Please score ${p.name}.`;
  }
}

/**
 * How an adjudicator sees a file under blind marking: stored names embed the contestant's name,
 * so a file is 'Main file 1' or 'Supporting file 2' plus its extension.
 */
export function blindFileLabel(uploadType: 2 | 3, index: number, fileName: string): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase();
  const base = `${uploadType === 2 ? 'Main' : 'Supporting'} file ${index}`;
  return extension ? `${base} (.${extension})` : base;
}

/** Folds a school or contestant name for conflict matching: lower case, single spaces. */
export function foldName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * How long an adjudicator may change a mark they submitted (decision 058): long enough to go
 * back to the entry just marked, short enough that a mark is settled before an organiser reads
 * it. After that it locks; an organiser may still reopen it until it is published.
 */
export const MARK_CHANGE_MINUTES = 10;

/** When a mark submitted at `submittedAt` locks for its adjudicator. */
export function markLocksAt(submittedAt: Date): Date {
  return new Date(submittedAt.getTime() + MARK_CHANGE_MINUTES * 60_000);
}
