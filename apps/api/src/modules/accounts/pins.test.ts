import { describe, expect, it } from 'vitest';
import { generatePin, hashPin, pinMatches } from './pins.ts';

describe('pins', () => {
  it('are six digits, zero-padded, and vary', () => {
    const pins = Array.from({ length: 200 }, generatePin);
    expect(pins.every((p) => /^\d{6}$/.test(p))).toBe(true);
    expect(new Set(pins).size).toBeGreaterThan(190);
  });

  it('are stored hashed and matched per customer', () => {
    const hash = hashPin('secret', 1, '012345');
    expect(hash).not.toContain('012345');
    expect(pinMatches('secret', 1, '012345', hash)).toBe(true);
    expect(pinMatches('secret', 2, '012345', hash)).toBe(false);
    expect(pinMatches('secret', 1, '012346', hash)).toBe(false);
    expect(pinMatches('other', 1, '012345', hash)).toBe(false);
  });
});
