import { describe, expect, it } from 'vitest';
import { SectionRubricSchema } from './staff.schema.ts';
import { blindFileLabel, foldName, isStaffRole, rubricProblems } from './staff.rules.ts';

const rubric = [
  { name: 'Technique', maxValue: 60 },
  { name: 'Presentation', maxValue: 40 },
];

describe('rubric scores', () => {
  it('accepts each criterion from 0 to its maximum', () => {
    expect(rubricProblems(rubric, [{ name: 'Technique', value: 0 }], false)).toEqual([]);
    expect(
      rubricProblems(
        rubric,
        [
          { name: 'Technique', value: 60 },
          { name: 'Presentation', value: 40 },
        ],
        true,
      ),
    ).toEqual([]);
  });
  it('refuses values outside the range, fractions, unknown and repeated criteria', () => {
    const kinds = (scores: { name: string; value: number }[], complete = false) =>
      rubricProblems(rubric, scores, complete).map((p) => p.kind);
    expect(kinds([{ name: 'Technique', value: 61 }])).toEqual(['out-of-range']);
    expect(kinds([{ name: 'Technique', value: -1 }])).toEqual(['out-of-range']);
    expect(kinds([{ name: 'Technique', value: 1.5 }])).toEqual(['out-of-range']);
    expect(kinds([{ name: 'Charm', value: 1 }])).toEqual(['unknown']);
    expect(
      kinds([
        { name: 'Technique', value: 1 },
        { name: 'Technique', value: 2 },
      ]),
    ).toEqual(['duplicate']);
    expect(kinds([{ name: 'Technique', value: 1 }], true)).toEqual(['missing']);
  });
  it('needs a rubric to total 100', () => {
    expect(SectionRubricSchema.safeParse(rubric).success).toBe(true);
    expect(SectionRubricSchema.safeParse([{ name: 'A', maxValue: 99 }]).success).toBe(false);
  });
});

describe('blind marking helpers', () => {
  it('labels files without their names', () => {
    expect(blindFileLabel(2, 1, '12_Ayanda_Dlamini_song.MP4')).toBe('Main file 1 (.mp4)');
    expect(blindFileLabel(3, 2, 'sheet music')).toBe('Supporting file 2');
  });
  it('folds names for conflict matching', () => {
    expect(foldName('  Aloe  Crest PRIMARY ')).toBe('aloe crest primary');
  });
  it('knows the staff roles', () => {
    expect(isStaffRole('organiser')).toBe(true);
    expect(isStaffRole('adjudicator')).toBe(true);
    expect(isStaffRole('customer')).toBe(false);
  });
});
