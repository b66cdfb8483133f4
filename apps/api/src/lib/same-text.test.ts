import { describe, expect, it } from 'vitest';
import { isSameSecretText } from './same-text.ts';

describe('isSameSecretText', () => {
  it('is true for the same text only, whatever the lengths', () => {
    expect(isSameSecretText('a1b2c3', 'a1b2c3')).toBe(true);
    expect(isSameSecretText('a1b2c4', 'a1b2c3')).toBe(false);
    expect(isSameSecretText('a1b2c', 'a1b2c3')).toBe(false);
    expect(isSameSecretText('', 'a')).toBe(false);
    expect(isSameSecretText('é', 'e\u0301')).toBe(false);
  });
});
