import { describe, expect, it } from 'vitest';
import { formatRand } from './money.ts';

describe('formatRand', () => {
  it('shows whole and fractional rands the way the spec does', () => {
    expect(formatRand(16000)).toBe('R 160.00');
    expect(formatRand(25050)).toBe('R 250.50');
    expect(formatRand(0)).toBe('R 0.00');
  });

  it('groups thousands with a space', () => {
    expect(formatRand(123456700)).toBe('R 1 234 567.00');
  });
});
