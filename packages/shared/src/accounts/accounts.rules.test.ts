import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT } from './accounts.messages.ts';
import {
  isValidEmail,
  isValidMobile,
  normaliseIdentifier,
  registrationProblem,
  toMobileDigits,
} from './accounts.rules.ts';

const valid = {
  firstName: 'Thandi',
  surname: 'Nkosi',
  isMobile: false,
  email: 'a@b.co',
  mobileNumber: '',
};

describe('registrationProblem (spec 5, Register)', () => {
  it('accepts a complete email registration', () => {
    expect(registrationProblem(valid)).toBeNull();
  });

  it('checks names first, then the identifier of the chosen mode', () => {
    expect(registrationProblem({ ...valid, firstName: ' ', email: 'bad' })).toEqual(
      ACCOUNT_TEXT.say('nameRequired'),
    );
    expect(registrationProblem({ ...valid, surname: '' })).toEqual(
      ACCOUNT_TEXT.say('nameRequired'),
    );
    expect(registrationProblem({ ...valid, email: 'a@b' })).toEqual(
      ACCOUNT_TEXT.say('invalidEmail'),
    );
    expect(registrationProblem({ ...valid, isMobile: true, mobileNumber: '1234567' })).toEqual(
      ACCOUNT_TEXT.say('invalidMobile'),
    );
    expect(
      registrationProblem({ ...valid, isMobile: true, mobileNumber: '12345678', email: '' }),
    ).toBeNull();
  });
});

describe('mobile numbers', () => {
  it('are 8 to 15 digits', () => {
    expect(isValidMobile('1234567')).toBe(false);
    expect(isValidMobile('12345678')).toBe(true);
    expect(isValidMobile('123456789012345')).toBe(true);
    expect(isValidMobile('1234567890123456')).toBe(false);
    expect(isValidMobile('0821234a67')).toBe(false);
  });

  it('keep digits only, at most 15', () => {
    expect(toMobileDigits('+27 (82) 123-4567')).toBe('27821234567');
    expect(toMobileDigits('1'.repeat(20))).toHaveLength(15);
  });
});

describe('email addresses', () => {
  it('need 4 characters, an @ and a dot in the domain', () => {
    expect(isValidEmail('a@b.')).toBe(false);
    expect(isValidEmail('a@.b')).toBe(false);
    expect(isValidEmail('ab.c')).toBe(false);
    expect(isValidEmail('a@b.c')).toBe(true);
    expect(isValidEmail(' parent@example.org ')).toBe(true);
  });
});

describe('normaliseIdentifier', () => {
  it('ignores case in emails and a trunk 0 in mobiles', () => {
    expect(normaliseIdentifier('email', ' Parent@Example.ORG ')).toBe('parent@example.org');
    expect(normaliseIdentifier('mobile', '0821234567')).toBe('821234567');
    expect(normaliseIdentifier('mobile', '821234567')).toBe('821234567');
  });
});
