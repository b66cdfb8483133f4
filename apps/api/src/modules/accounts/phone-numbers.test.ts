import { describe, expect, it } from 'vitest';
import { maskForStaff, maskRecipient, toInternationalNumber } from './phone-numbers.ts';

describe('toInternationalNumber', () => {
  it('turns a national number into E.164 with the country code', () => {
    expect(toInternationalNumber('0821234567', 'South Africa')).toBe('+27821234567');
    expect(toInternationalNumber('821234567', 'South Africa')).toBe('+27821234567');
    expect(toInternationalNumber('07700900123', 'United Kingdom')).toBe('+447700900123');
  });

  it('prefixes the calling code even when the number looks wrong for the country', () => {
    expect(toInternationalNumber('0123', 'South Africa')).toBe('+27123');
  });
});

describe('maskRecipient', () => {
  it('hides most of an address or number', () => {
    expect(maskRecipient('email', 'parent@example.org')).toBe('pa•••@example.org');
    expect(maskRecipient('whatsapp', '+27821234567')).toBe('+27•••••567');
  });
});

describe('maskForStaff', () => {
  it("shows an address as 'th***@example.org' and a number as '+27 ** *** 4567'", () => {
    expect(maskForStaff('email', 'thandi@example.org')).toBe('th***@example.org');
    expect(maskForStaff('email', 'ab@example.org')).toBe('a***@example.org');
    expect(maskForStaff('mobile', '+27821234567')).toBe('+27 ** *** 4567');
    expect(maskForStaff('mobile', '+447700900123')).toBe('+44 ** *** 0123');
    expect(maskForStaff('mobile', '+27123')).toBe('+27 ** *** ****');
  });
});
