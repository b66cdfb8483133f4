import { describe, expect, it } from 'vitest';
import { maskRecipient, toInternationalNumber } from './phone-numbers.ts';

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
