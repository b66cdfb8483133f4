import { describe, expect, it } from 'vitest';
import {
  bandLabel,
  bandOf,
  DEFAULT_GRADE_BANDS,
  DEFAULT_WINNERS_RULE,
  findSectionWinners,
  gradeBandProblems,
  publicName,
  releaseInstant,
  type WinnerCandidate,
  type WinnersRule,
} from './results-day.rules.ts';

const rule = (over: Partial<WinnersRule> = {}): WinnersRule => ({
  ...DEFAULT_WINNERS_RULE,
  ...over,
});
const cand = (contestantId: number, marks: number[], grade = '8', section = 'Music') =>
  ({ contestantId, grade, section, marks }) satisfies WinnerCandidate;
const senior = (outcomes: ReturnType<typeof findSectionWinners>, section = 'Music') =>
  outcomes.find((o) => o.section === section && o.band.name === 'Senior')!;
const winnersOf = (o: ReturnType<typeof senior>) =>
  o.candidates
    .filter((c) => c.isWinner)
    .map((c) => c.contestantId)
    .sort((a, b) => a - b);

describe('section winners rule (spec 9 FAQ, decision 026)', () => {
  it('three entries are not enough; four are', () => {
    const out = senior(
      findSectionWinners([cand(1, [99, 99, 99]), cand(2, [85, 85, 85, 85])], rule(), ['Music']),
    );
    expect(winnersOf(out)).toEqual([2]);
    expect(out.candidates.find((c) => c.contestantId === 1)).toMatchObject({
      eligible: false,
      reason: 'TOO_FEW_ENTRIES',
      entries: 3,
    });
  });

  it('no winner when nobody reaches the minimum average; exactly the minimum is enough', () => {
    const below = senior(findSectionWinners([cand(1, [80, 80, 80, 79])], rule(), ['Music']));
    expect(winnersOf(below)).toEqual([]);
    expect(below.candidates[0]).toMatchObject({ reason: 'BELOW_MINIMUM', score: 79.75 });
    const at = senior(findSectionWinners([cand(1, [80, 80, 80, 80])], rule(), ['Music']));
    expect(winnersOf(at)).toEqual([1]);
  });

  it('counts only the best N marks', () => {
    const out = senior(
      findSectionWinners([cand(1, [90, 90, 90, 90, 10]), cand(2, [89, 89, 89, 89])], rule(), [
        'Music',
      ]),
    );
    expect(winnersOf(out)).toEqual([1]);
    expect(out.candidates[0]).toMatchObject({ countedMarks: [90, 90, 90, 90], score: 90 });
  });

  it('a tie shares the title, or the highest single mark breaks it', () => {
    const tied = [cand(1, [95, 85, 85, 85]), cand(2, [90, 90, 90, 80])];
    expect(winnersOf(senior(findSectionWinners(tied, rule(), ['Music'])))).toEqual([1, 2]);
    expect(
      winnersOf(senior(findSectionWinners(tied, rule({ ties: 'highestSingleMark' }), ['Music']))),
    ).toEqual([1]);
    // Still equal after the tie-break: shared.
    const same = [cand(3, [90, 90, 90, 90]), cand(4, [90, 90, 90, 90])];
    expect(
      winnersOf(senior(findSectionWinners(same, rule({ ties: 'highestSingleMark' }), ['Music']))),
    ).toEqual([3, 4]);
  });

  it('averages are compared exactly (thirds are not floats)', () => {
    // 250/3 and 250/3 tie; 251/3 wins.
    const r = rule({ minimumEntries: 3, countBest: 3 });
    const tie = [cand(1, [84, 83, 83]), cand(2, [85, 85, 80])];
    expect(winnersOf(senior(findSectionWinners(tie, r, ['Music'])))).toEqual([1, 2]);
    const win = [cand(1, [84, 84, 83]), cand(2, [85, 85, 80])];
    expect(winnersOf(senior(findSectionWinners(win, r, ['Music'])))).toEqual([1]);
  });

  it('total adds the counted marks', () => {
    const out = senior(
      findSectionWinners(
        [cand(1, [90, 90, 90, 90, 90]), cand(2, [95, 95, 95, 95])],
        rule({ combine: 'total', countBest: 5 }),
        ['Music'],
      ),
    );
    expect(winnersOf(out)).toEqual([1]);
    expect(out.candidates[0]!.score).toBe(450);
  });

  it('grade bands: each band has its own winner, grade 9 and 10 on either side of an edge', () => {
    const out = findSectionWinners(
      [
        cand(1, [85, 85, 85, 85], '9'),
        cand(2, [95, 95, 95, 95], '10'),
        cand(3, [81, 81, 81, 81], 'R'),
      ],
      rule(),
      ['Music'],
    );
    expect(winnersOf(senior(out))).toEqual([1]);
    expect(winnersOf(out.find((o) => o.band.name === 'FET')!)).toEqual([2]);
    expect(winnersOf(out.find((o) => o.band.name === 'Foundation')!)).toEqual([3]);
    expect(out.find((o) => o.band.name === 'Intermediate')!.candidates).toEqual([]);
  });

  it('sections are apart, and a section without candidates is not listed', () => {
    const out = findSectionWinners([cand(1, [85, 85, 85, 85], '8', 'Dance')], rule(), [
      'Music',
      'Dance',
    ]);
    expect(out.map((o) => o.section)).toEqual(['Dance', 'Dance', 'Dance', 'Dance']);
  });

  it('bands: in order, not overlapping, names unique', () => {
    expect(gradeBandProblems(DEFAULT_GRADE_BANDS)).toEqual([]);
    expect(gradeBandProblems([{ name: 'A', fromGrade: '5', toGrade: '4' }])).toHaveLength(1);
    expect(
      gradeBandProblems([
        { name: 'A', fromGrade: 'R', toGrade: '4' },
        { name: 'B', fromGrade: '4', toGrade: '6' },
      ]),
    ).toEqual(['Grade 4 is in both A and B.']);
    expect(
      gradeBandProblems([
        { name: 'A', fromGrade: 'R', toGrade: '1' },
        { name: 'a', fromGrade: '2', toGrade: '3' },
      ]),
    ).toEqual(['Two bands are called a.']);
    expect(bandOf('3', DEFAULT_GRADE_BANDS)?.name).toBe('Foundation');
    expect(bandOf('4', DEFAULT_GRADE_BANDS)?.name).toBe('Intermediate');
    expect(bandOf('13', DEFAULT_GRADE_BANDS)).toBeUndefined();
    expect(bandLabel(DEFAULT_GRADE_BANDS[0]!)).toBe('Foundation (Grades R-3)');
  });

  it('public names are a first name and an initial', () => {
    expect(publicName('Thandi', 'mokoena')).toBe('Thandi M.');
  });

  it("the release is the gala date at its time in the event's time zone", () => {
    expect(releaseInstant('2025-06-18', '18:00', 'Africa/Johannesburg').toISOString()).toBe(
      '2025-06-18T16:00:00.000Z',
    );
    expect(releaseInstant('2025-06-18', '00:30', 'Europe/London').toISOString()).toBe(
      '2025-06-17T23:30:00.000Z',
    );
  });
});
