import { describe, expect, it } from 'vitest';
import { CART_TEXT } from './cart.messages.ts';
import {
  duplicateMessage,
  entryKey,
  entryPriceCents,
  groupCountMessage,
  isGroupSizeAllowed,
  isIncompleteMember,
  needsGroupInformation,
  padMembers,
} from './cart.rules.ts';

const fees = { groupSmallCents: 25000, groupLargeCents: 35000, groupLargeFromParticipants: 10 };
const member = {
  firstName: 'Lindiwe',
  surname: 'Zulu',
  school: 'Other School',
  gender: 'female',
  grade: '7',
};

describe('duplicates (spec 5)', () => {
  it('count the instrument in Music only', () => {
    const a = { participantProfileId: 1, itemId: 9, instruments: 'Piano/Keyboard' };
    const b = { ...a, instruments: 'Guitar' };
    expect(entryKey(a, 'Music')).not.toBe(entryKey(b, 'Music'));
    expect(entryKey(a, 'Dance')).toBe(entryKey(b, 'Dance'));
    expect(duplicateMessage('Music')).toEqual(CART_TEXT.say('duplicateWithInstrument'));
    expect(duplicateMessage('Dramatic Arts')).toEqual(CART_TEXT.say('duplicate'));
  });
});

describe('group counts', () => {
  it('say exactly the count when the minimum is the maximum, else the range', () => {
    expect(groupCountMessage(4, 4)).toEqual(CART_TEXT.say('groupCountExactly', { min: 4 }));
    expect(groupCountMessage(3, 8)).toEqual(CART_TEXT.say('groupCountBetween', { min: 3, max: 8 }));
  });
});

describe('group sizes', () => {
  it.each([
    [2, false],
    [3, true],
    [8, true],
    [9, false],
  ])('with minimum 3 and maximum 8, %i members allowed: %s', (count, allowed) => {
    expect(isGroupSizeAllowed(count, 3, 8)).toBe(allowed);
  });

  it('pads blank rows up to the minimum and never removes rows', () => {
    expect(padMembers([member], 3)).toHaveLength(3);
    expect(padMembers([member, member, member, member], 3)).toHaveLength(4);
  });
});

describe('group prices (spec 9)', () => {
  it('are R250 for 9 members and R350 for 10', () => {
    expect(entryPriceCents({ isGroupItem: true, price: 25000 }, 9, fees)).toBe(25000);
    expect(entryPriceCents({ isGroupItem: true, price: 25000 }, 10, fees)).toBe(35000);
  });

  it('leave individual items at their own price', () => {
    expect(entryPriceCents({ isGroupItem: false, price: 16000 }, 1, fees)).toBe(16000);
  });
});

describe('group member rows', () => {
  it('are complete with two-letter names, a school, a gender and a grade', () => {
    expect(isIncompleteMember(member)).toBe(false);
  });

  it.each([
    ['a one-letter first name', { firstName: 'L' }],
    ['an empty surname', { surname: '' }],
    ['a one-letter school', { school: 'X' }],
    ['no gender', { gender: '' }],
    ['no grade', { grade: '' }],
  ])('are incomplete with %s', (_label, change) => {
    expect(isIncompleteMember({ ...member, ...change })).toBe(true);
  });

  it('need information below the minimum or with an incomplete row', () => {
    expect(needsGroupInformation([member, member], 3)).toBe(true);
    expect(needsGroupInformation([member, member, member], 3)).toBe(false);
    expect(needsGroupInformation([member, member, { ...member, grade: '' }], 3)).toBe(true);
  });
});
