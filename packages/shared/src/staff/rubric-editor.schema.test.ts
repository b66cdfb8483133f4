import { describe, expect, it } from 'vitest';
import { RUBRIC_EDITOR_MESSAGES, RubricCriteriaSchema } from './rubric-editor.schema.ts';

// The rules of a section's rubric, as the screen checks them before saving and the server
// checks them again (PUT /api/Staff/Events/{id}/Rubrics/{section}).

const messagesOf = (criteria: unknown) => {
  const parsed = RubricCriteriaSchema.safeParse(criteria);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('RubricCriteriaSchema', () => {
  it('takes ordered criteria whose maxima total 100, names trimmed', () => {
    const parsed = RubricCriteriaSchema.parse([
      { name: ' Technique ', maxValue: 60 },
      { name: 'Interpretation', maxValue: 40 },
    ]);
    expect(parsed).toEqual([
      { name: 'Technique', maxValue: 60 },
      { name: 'Interpretation', maxValue: 40 },
    ]);
    expect(RubricCriteriaSchema.safeParse([{ name: 'Overall', maxValue: 100 }]).success).toBe(true);
  });

  it('needs at least one criterion', () => {
    expect(messagesOf([])).toContain('A rubric needs at least one criterion.');
  });

  it('needs every criterion named', () => {
    expect(
      messagesOf([
        { name: '   ', maxValue: 50 },
        { name: 'Technique', maxValue: 50 },
      ]),
    ).toEqual(['Please name every criterion.']);
  });

  it('refuses two criteria of one name, whatever their case or spaces', () => {
    const parsed = RubricCriteriaSchema.safeParse([
      { name: 'Technique', maxValue: 50 },
      { name: ' TECHNIQUE', maxValue: 50 },
    ]);
    expect(parsed.success).toBe(false);
    // Named against the second, so the screen shows it beside the field to change.
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: [1, 'name'],
        message: RUBRIC_EDITOR_MESSAGES.sameName('TECHNIQUE'),
      }),
    ]);
  });

  it.each([0, 101, 4.5, Number.NaN, -10])('refuses a maximum of %s', (maxValue) => {
    expect(
      messagesOf([
        { name: 'Technique', maxValue },
        { name: 'Interpretation', maxValue: 100 - (Number.isFinite(maxValue) ? maxValue : 0) },
      ]),
    ).toContain('Each maximum is a whole number from 1 to 100.');
  });

  it('names a repeated name and a fraction together, without a total of fractions', () => {
    expect(
      messagesOf([
        { name: 'Technique', maxValue: 50 },
        { name: 'technique', maxValue: 49.5 },
      ]),
    ).toEqual([
      'Each maximum is a whole number from 1 to 100.',
      RUBRIC_EDITOR_MESSAGES.sameName('technique'),
    ]);
  });

  it('says what the maxima total when it is not 100', () => {
    expect(
      messagesOf([
        { name: 'Technique', maxValue: 50 },
        { name: 'Interpretation', maxValue: 45 },
      ]),
    ).toEqual(['The maxima total 95; they must total 100.']);
    expect(
      messagesOf([
        { name: 'Technique', maxValue: 60 },
        { name: 'Interpretation', maxValue: 45 },
      ]),
    ).toEqual(['The maxima total 105; they must total 100.']);
  });

  it('keeps to twelve criteria, one row each on the marking form', () => {
    const many = Array.from({ length: 13 }, (_, k) => ({
      name: `Criterion ${k + 1}`,
      maxValue: k < 12 ? 8 : 4,
    }));
    expect(messagesOf(many)).toContain('A rubric has at most 12 criteria.');
  });

  it('names the section and its marks when marking has fixed the rubric', () => {
    expect(RUBRIC_EDITOR_MESSAGES.locked('Dance', 1)).toBe(
      'Marking in Dance has begun (1 mark, draft or submitted): its rubric stays as the adjudicators were given it.',
    );
  });
});
