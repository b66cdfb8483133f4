import { describe, expect, it } from 'vitest';
import {
  classListColumns,
  findLearnerMatch,
  indexLearners,
  learnerNameKey,
  readGender,
  readGrade,
} from './class-learners.rules.ts';

describe('reading a class list', () => {
  it('reads the grade as schools write it', () => {
    expect(['5', 'Gr 5', 'Grade 5', 'gr.5', '05', 'R', 'Grade R'].map(readGrade)).toEqual([
      '5',
      '5',
      '5',
      '5',
      '5',
      'R',
      'R',
    ]);
    expect(['0', '13', 'five', ''].map(readGrade)).toEqual([null, null, null, null]);
  });

  it('reads a class list an Afrikaans school wrote (issue 36)', () => {
    expect(['Graad 5', 'gr. 7', 'Graad R', 'graad12'].map(readGrade)).toEqual([
      '5',
      '7',
      'R',
      '12',
    ]);
    expect(['Manlik', 'seun', 'Vroulik', 'meisie', 'V', 'Ander'].map(readGender)).toEqual([
      'male',
      'male',
      'female',
      'female',
      'female',
      'other',
    ]);
    expect(
      classListColumns(['Van', 'Naam', 'Graad', 'Geslag', 'Ouer se selfoon', 'Ouer se e-pos']),
    ).toEqual({
      surname: 0,
      firstName: 1,
      grade: 2,
      gender: 3,
      parentMobile: 4,
      parentEmail: 5,
    });
  });

  it('reads the gender and the common header spellings', () => {
    expect(['M', 'girl', 'Female', 'x', 'y'].map(readGender)).toEqual([
      'male',
      'female',
      'female',
      'other',
      null,
    ]);
    expect(
      classListColumns(['Surname', 'First Name', 'GRADE', 'Sex', 'Parent Cellphone', 'E-mail']),
    ).toEqual({
      surname: 0,
      firstName: 1,
      grade: 2,
      gender: 3,
      parentMobile: 4,
      parentEmail: 5,
    });
  });
});

describe('the duplicate rule', () => {
  const known = indexLearners([
    { id: 1, firstName: 'Nomsa', surname: 'Dube', grade: '5', membershipId: 10 },
    { id: 2, firstName: 'Kagiso', surname: 'Molefe', grade: '5', membershipId: 11 },
    { id: 3, firstName: 'Zoë', surname: 'Van der Merwe', grade: '4', membershipId: null },
  ]);

  it('folds case, accents and spaces', () => {
    expect(learnerNameKey(' Zoë ', 'Van der  Merwe')).toBe(learnerNameKey('zoe', 'vandermerwe'));
  });

  it('finds the learner in this class whatever the grade, another class by the grade or the one below, a family’s child by the name', () => {
    expect(
      findLearnerMatch({ firstName: 'nomsa', surname: 'DUBE', grade: '7' }, known, 10),
    ).toEqual({ kind: 'in-class', learnerId: 1 });
    expect(
      findLearnerMatch({ firstName: 'Kagiso', surname: 'Molefe', grade: '6' }, known, 10),
    ).toEqual({ kind: 'in-school', membershipId: 11 });
    expect(
      findLearnerMatch({ firstName: 'Kagiso', surname: 'Molefe', grade: '4' }, known, 10),
    ).toBeNull();
    expect(
      findLearnerMatch({ firstName: 'Zoe', surname: 'Vandermerwe', grade: 'Gr 5' }, known, 10),
    ).toEqual({ kind: 'possible-match' });
    // A family's child on the name alone: the answer never tells the teacher the child's grade.
    expect(
      findLearnerMatch({ firstName: 'Zoe', surname: 'Van der Merwe', grade: '6' }, known, 10),
    ).toEqual({ kind: 'possible-match' });
    expect(
      findLearnerMatch({ firstName: 'Zoe', surname: 'Van der Merwe', grade: '12' }, known, 10),
    ).toEqual({ kind: 'possible-match' });
    expect(
      findLearnerMatch({ firstName: 'Nomsa', surname: 'Dube', grade: '5' }, known, 10, 1),
    ).toBeNull();
  });
});
