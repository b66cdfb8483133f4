import { GRADE_VALUES } from '../reference/people.ts';
import { zoneOffsetMs } from '../time/deadline.rules.ts';

/**
 * Section winners (issue 20, decision 026): spec 9's FAQ says four entries make an entrant
 * eligible to be Section Winner "if the points are high enough". The event's organisers set
 * the rule; the server works the winners out with this function, and the preview shows them.
 */

/** Grades in order, R first (spec 9, "Lists"). */
export const GRADE_ORDER: readonly string[] = GRADE_VALUES;
export const gradeIndex = (grade: string): number => GRADE_ORDER.indexOf(grade);

export interface GradeBand {
  name: string;
  fromGrade: string;
  toGrade: string;
}

/**
 * What an explicit release ("Release now") asks to be acknowledged before it goes ahead
 * (decision 033): no confirmed winners, confirmed winners the marks no longer give, and entries
 * not yet marked (or marked as a draft).
 */
export const RELEASE_PROBLEMS = [
  'WINNERS_UNCONFIRMED',
  'WINNERS_NEED_CONFIRMING',
  'MARKING_INCOMPLETE',
] as const;
export type ReleaseProblemCode = (typeof RELEASE_PROBLEMS)[number];

/** How long after a release an organiser may withdraw the gala page (decision 033). */
export const RELEASE_WITHDRAW_MINUTES = 30;

export const WINNER_COMBINATIONS = ['average', 'total'] as const;
export type WinnerCombination = (typeof WINNER_COMBINATIONS)[number];
export const WINNER_TIE_RULES = ['shared', 'highestSingleMark'] as const;
export type WinnerTieRule = (typeof WINNER_TIE_RULES)[number];

export interface WinnersRule {
  /** An entrant's published individual entries in the section needed to be considered. */
  minimumEntries: number;
  /** How the counted marks make the entrant's score: their average, or their sum. */
  combine: WinnerCombination;
  /** Only the entrant's best this many marks count. */
  countBest: number;
  /** "If the points are high enough": the average of the counted marks must reach this. */
  minimumAverage: number;
  /** Equal scores share the title, or the highest single counted mark breaks the tie. */
  ties: WinnerTieRule;
  /** Winners are found per section and grade band; a grade in no band is not considered. */
  gradeBands: GradeBand[];
}

export const DEFAULT_GRADE_BANDS: readonly GradeBand[] = [
  { name: 'Foundation', fromGrade: 'R', toGrade: '3' },
  { name: 'Intermediate', fromGrade: '4', toGrade: '6' },
  { name: 'Senior', fromGrade: '7', toGrade: '9' },
  { name: 'FET', fromGrade: '10', toGrade: '12' },
];

/** The rule of an event whose organisers have not set one. */
export const DEFAULT_WINNERS_RULE: WinnersRule = {
  minimumEntries: 4,
  combine: 'average',
  countBest: 4,
  minimumAverage: 80,
  ties: 'shared',
  gradeBands: DEFAULT_GRADE_BANDS.map((b) => ({ ...b })),
};

/** "Foundation (Grades R-3)". */
export function bandLabel(band: GradeBand): string {
  const grades =
    band.fromGrade === band.toGrade
      ? `Grade ${band.fromGrade}`
      : `Grades ${band.fromGrade}-${band.toGrade}`;
  return `${band.name} (${grades})`;
}

/** The band a grade falls in, or undefined. */
export function bandOf(grade: string, bands: readonly GradeBand[]): GradeBand | undefined {
  const g = gradeIndex(grade);
  if (g < 0) return undefined;
  return bands.find((b) => gradeIndex(b.fromGrade) <= g && g <= gradeIndex(b.toGrade));
}

/** What is wrong with a rule's bands: each in order, none overlapping, names unique. */
export function gradeBandProblems(bands: readonly GradeBand[]): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  const taken = new Map<number, string>();
  for (const band of bands) {
    const from = gradeIndex(band.fromGrade);
    const to = gradeIndex(band.toGrade);
    const key = band.name.trim().toLowerCase();
    if (names.has(key)) problems.push(`Two bands are called ${band.name}.`);
    names.add(key);
    if (from < 0 || to < 0 || from > to) {
      problems.push(`${band.name}: the first grade must not come after the last.`);
      continue;
    }
    for (let g = from; g <= to; g++) {
      const other = taken.get(g);
      if (other !== undefined) {
        problems.push(`Grade ${GRADE_ORDER[g]} is in both ${other} and ${band.name}.`);
        break;
      }
      taken.set(g, band.name);
    }
  }
  return problems;
}

/** One contestant's marked individual entries in one section. */
export interface WinnerCandidate {
  contestantId: number;
  grade: string;
  section: string;
  marks: readonly number[];
}

export type IneligibleReason = 'TOO_FEW_ENTRIES' | 'BELOW_MINIMUM';

export interface RankedCandidate {
  contestantId: number;
  entries: number;
  /** The best `countBest` marks, highest first. */
  countedMarks: number[];
  /** The combined score (average to two decimals, or the total). */
  score: number;
  eligible: boolean;
  reason: IneligibleReason | null;
  isWinner: boolean;
}

export interface BandOutcome {
  section: string;
  band: GradeBand;
  /** Eligible candidates first, by score; then the others by score. */
  candidates: RankedCandidate[];
}

interface Scored extends RankedCandidate {
  /** The score as a fraction, compared exactly (an average of three marks is not a float's). */
  sum: number;
  count: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function scoreOf(candidate: WinnerCandidate, rule: WinnersRule): Scored {
  const countedMarks = [...candidate.marks].sort((a, b) => b - a).slice(0, rule.countBest);
  const sum = countedMarks.reduce((s, m) => s + m, 0);
  const count = countedMarks.length;
  const average = count === 0 ? 0 : sum / count;
  const reason: IneligibleReason | null =
    candidate.marks.length < rule.minimumEntries
      ? 'TOO_FEW_ENTRIES'
      : count === 0 || sum < rule.minimumAverage * count
        ? 'BELOW_MINIMUM'
        : null;
  return {
    contestantId: candidate.contestantId,
    entries: candidate.marks.length,
    countedMarks,
    score: rule.combine === 'total' ? sum : round2(average),
    eligible: reason === null,
    reason,
    isWinner: false,
    sum,
    count: rule.combine === 'total' ? 1 : Math.max(count, 1),
  };
}

/** Negative when a ranks above b by score alone (sum/count compared by cross-multiplying). */
const byScore = (a: Scored, b: Scored) => b.sum * a.count - a.sum * b.count;
const topMark = (c: Scored) => c.countedMarks[0] ?? 0;

/**
 * The winners of every section and band: among the eligible candidates, the highest score wins;
 * equal scores share the title, or with `highestSingleMark` the highest counted mark breaks the
 * tie (still equal: shared). Only sections that have candidates are listed, each band of the
 * rule once per such section, in the rule's band order.
 */
export function findSectionWinners(
  candidates: readonly WinnerCandidate[],
  rule: WinnersRule,
  sections: readonly string[],
): BandOutcome[] {
  const outcomes: BandOutcome[] = [];
  for (const section of sections) {
    const inSection = candidates.filter((c) => c.section === section);
    if (inSection.length === 0) continue;
    for (const band of rule.gradeBands) {
      const scored = inSection
        .filter((c) => bandOf(c.grade, [band]) !== undefined)
        .map((c) => scoreOf(c, rule))
        .sort(
          (a, b) =>
            Number(b.eligible) - Number(a.eligible) ||
            byScore(a, b) ||
            topMark(b) - topMark(a) ||
            a.contestantId - b.contestantId,
        );
      const eligible = scored.filter((c) => c.eligible);
      const best = eligible[0];
      if (best) {
        let winners = eligible.filter((c) => byScore(c, best) === 0);
        if (rule.ties === 'highestSingleMark') {
          const highest = Math.max(...winners.map(topMark));
          winners = winners.filter((c) => topMark(c) === highest);
        }
        for (const w of winners) w.isWinner = true;
      }
      outcomes.push({
        section,
        band,
        candidates: scored.map(({ sum: _sum, count: _count, ...c }) => c),
      });
    }
  }
  return outcomes;
}

/** How the winners' names are shown in public (the gala page): "Thandi M." (decision 026). */
export function publicName(firstName: string, surname: string): string {
  const initial = surname.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** "HH:MM", 00:00 to 23:59. */
export const RELEASE_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The instant the results are released: the gala date at `time` ('HH:MM') in the event's time
 * zone. The offset is read twice, as endOfDay does, so a DST change that day is settled.
 */
export function releaseInstant(galaDate: string, time: string, timeZone: string): Date {
  const [y, m, d] = galaDate.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wallClock = Date.UTC(y, m - 1, d, hh, mm);
  const first = wallClock - zoneOffsetMs(new Date(wallClock), timeZone);
  return new Date(wallClock - zoneOffsetMs(new Date(first), timeZone));
}
