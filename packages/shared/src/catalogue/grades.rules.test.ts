import { describe, expect, it } from 'vitest';
import { GRADE_TEXT } from './grades.messages.ts';
import {
  gradeProblem,
  gradeRangeMessage,
  gradeRangeCell,
  isGradeInRange,
  mayEnterGrade,
  parseGradeRange,
} from './grades.rules.ts';

const rToThree = { lowest: 'R', highest: '3' };

describe('grade ranges (issue 32)', () => {
  it('holds both ends, with R below Grade 1 and 12 above 9', () => {
    expect(['R', '1', '3'].map((g) => isGradeInRange(g, rToThree))).toEqual([true, true, true]);
    expect(['4', '12'].map((g) => isGradeInRange(g, rToThree))).toEqual([false, false]);
    expect(isGradeInRange('12', { lowest: '9', highest: '12' })).toBe(true);
    expect(isGradeInRange('not a grade', null)).toBe(true);
  });

  it('lets other grades in only with the organiser exception', () => {
    expect(mayEnterGrade({ grades: rToThree, otherGradesAllowed: false }, '5')).toBe(false);
    expect(mayEnterGrade({ grades: rToThree, otherGradesAllowed: true }, '5')).toBe(true);
  });

  it('reads what organisers write in a spreadsheet, and refuses the rest', () => {
    expect(parseGradeRange('R-3')).toEqual(rToThree);
    expect(parseGradeRange('Grades R–3')).toEqual(rToThree);
    expect(parseGradeRange(' 4 to 7 ')).toEqual({ lowest: '4', highest: '7' });
    expect(parseGradeRange('05')).toEqual({ lowest: '5', highest: '5' });
    expect(parseGradeRange('r')).toEqual({ lowest: 'R', highest: 'R' });
    expect(parseGradeRange('Graad R tot 3')).toEqual(rToThree);
    expect(parseGradeRange('')).toBeNull();
    for (const wrong of ['7-4', '13', '4-', 'all', '3-R'])
      expect(parseGradeRange(wrong)).toBeUndefined();
  });

  it('writes a range the way it reads it, never as a date a spreadsheet would take', () => {
    for (const range of [
      rToThree,
      { lowest: '4', highest: '7' },
      { lowest: '5', highest: '5' },
      null,
    ])
      expect(parseGradeRange(gradeRangeCell(range))).toEqual(range);
    expect(gradeRangeCell({ lowest: '4', highest: '7' })).toBe('4 to 7');
    // Their words are checked where a translator says them (apps/api/src/lib/messages.test.ts).
    expect(gradeRangeMessage(rToThree)).toEqual(
      GRADE_TEXT.say('range', { span: 'range', lowest: 'R', highest: '3' }),
    );
    expect(gradeRangeMessage({ lowest: '5', highest: '5' })).toEqual(
      GRADE_TEXT.say('range', { span: 'one', lowest: '5', highest: '5' }),
    );
    expect(gradeRangeMessage(null)).toEqual(
      GRADE_TEXT.say('range', { span: 'all', lowest: '', highest: '' }),
    );
  });

  it('names the contestant, then the first group member, outside the range', () => {
    const item = { grades: rToThree, otherGradesAllowed: false };
    const member = (firstName: string, grade: string) => ({ firstName, surname: 'Nkosi', grade });
    const range = { span: 'range', lowest: 'R', highest: '3' };
    expect(gradeProblem(item, { firstName: 'Thandi', grade: '5' })).toEqual(
      GRADE_TEXT.say('notForGrade', { firstName: 'Thandi', grade: '5', ...range }),
    );
    expect(gradeProblem(item, { firstName: 'Thandi', grade: '2' }, [member('Sipho', '9')])).toEqual(
      GRADE_TEXT.say('memberNotForGrade', { name: 'Sipho Nkosi', grade: '9', ...range }),
    );
    // A member without a grade yet is the group form's "incomplete", not a wrong grade.
    expect(
      gradeProblem(item, { firstName: 'Thandi', grade: '2' }, [member('Sipho', '')]),
    ).toBeNull();
    expect(
      gradeProblem({ ...item, otherGradesAllowed: true }, { firstName: 'T', grade: '9' }),
    ).toBeNull();
  });
});
