import { describe, expect, it, vi } from 'vitest';
import { formatRand, parseRand } from './money.ts';

describe('formatRand', () => {
  it('shows whole and fractional rands the way the spec does', () => {
    expect(formatRand(16000)).toBe('R 160.00');
    expect(formatRand(25050)).toBe('R 250.50');
    expect(formatRand(0)).toBe('R 0.00');
  });

  it('groups thousands with a space', () => {
    expect(formatRand(123456700)).toBe('R 1 234 567.00');
    expect(formatRand(100000)).toBe('R 1 000.00');
    expect(formatRand(99999)).toBe('R 999.99');
  });

  it('shows a negative amount (a refund, a credit) with its sign after the R', () => {
    expect(formatRand(-120050)).toBe('R -1 200.50');
    expect(formatRand(-5)).toBe('R -0.05');
  });

  it('formats without building a locale formatter', () => {
    const spy = vi.spyOn(Intl, 'NumberFormat');
    formatRand(16000);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('parseRand', () => {
  it('reads amounts as organisers type them, in cents', () => {
    expect(parseRand('160')).toBe(16000);
    expect(parseRand('160.5')).toBe(16050);
    expect(parseRand('R 1 200.00')).toBe(120000);
    expect(parseRand('250,75')).toBe(25075);
    expect(parseRand(formatRand(17500))).toBe(17500);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '-5', '1.234', 'ten', '1e3', 'R'])
      expect(parseRand(text), text).toBeUndefined();
  });
});

describe('formatRand in Afrikaans (decision 069)', () => {
  it('writes a comma before the cents, the spec’s English form unchanged', () => {
    expect(formatRand(123450, 'af')).toBe('R 1 234,50');
    expect(formatRand(25000, 'af')).toBe('R 250,00');
    expect(formatRand(123450, 'en')).toBe('R 1 234.50');
    expect(formatRand(123450)).toBe('R 1 234.50');
  });
});
