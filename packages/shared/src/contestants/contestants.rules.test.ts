import { describe, expect, it } from 'vitest';
import { CONTESTANT_TEXT as M } from './contestants.messages.ts';
import { contestantProblem, isAllowedPicture } from './contestants.rules.ts';

const schools = ['Other School', 'Jacaranda Primary'];
const valid = {
  acceptedTerms: true,
  acceptedHonourPledge: true,
  firstName: 'Ayanda',
  surname: 'Dlamini',
  school: 'Jacaranda Primary',
  grade: '5',
};

describe('contestantProblem (spec 5, create contestant)', () => {
  it('accepts a complete contestant', () => {
    expect(contestantProblem(valid, schools)).toBeNull();
  });

  it('checks in the spec order: terms, pledge, first name, surname, school, grade', () => {
    const empty = {
      acceptedTerms: false,
      acceptedHonourPledge: false,
      firstName: '',
      surname: '',
      school: '',
      grade: '',
    };
    const expected = [
      M.say('acceptTerms'),
      M.say('acceptPledge'),
      M.say('firstName'),
      M.say('surname'),
      M.say('school'),
      M.say('grade'),
    ];
    const fixes: Partial<typeof valid>[] = [
      { acceptedTerms: true },
      { acceptedHonourPledge: true },
      { firstName: 'A' },
      { surname: 'B' },
      { school: 'Other School' },
      { grade: 'R' },
    ];
    let input = { ...empty };
    for (let i = 0; i < expected.length; i++) {
      expect(contestantProblem(input, schools)).toEqual(expected[i]);
      input = { ...input, ...fixes[i] };
    }
    expect(contestantProblem(input, schools)).toBeNull();
  });

  it('refuses a school that is not on the list and a grade outside R to 12', () => {
    expect(contestantProblem({ ...valid, school: 'Hogwarts' }, schools)).toEqual(M.say('school'));
    expect(contestantProblem({ ...valid, grade: '13' }, schools)).toEqual(M.say('grade'));
  });
});

describe('profile picture types', () => {
  it('allow the spec list, in any case', () => {
    expect(isAllowedPicture('me.JPG')).toBe(true);
    expect(isAllowedPicture('me.heic')).toBe(true);
    expect(isAllowedPicture('me.gif')).toBe(false);
    expect(isAllowedPicture('jpg')).toBe(false);
  });
});
