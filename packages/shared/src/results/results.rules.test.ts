import { describe, expect, it } from 'vitest';
import { medalFor, totalOf } from './results.rules.ts';

describe('medal rule (spec 4)', () => {
  it.each([
    [0, 'MERIT'],
    [59, 'MERIT'],
    [60, 'BRONZE'],
    [69, 'BRONZE'],
    [70, 'SILVER'],
    [79, 'SILVER'],
    [80, 'GOLD'],
    [89, 'GOLD'],
    [90, 'DIPLOMA'],
    [100, 'DIPLOMA'],
  ] as const)('%i gives %s', (total, medal) => {
    expect(medalFor(total)).toBe(medal);
  });
  it('totals the rubric values', () => {
    expect(totalOf([{ value: 30 }, { value: 25 }, { value: 20 }])).toBe(75);
    expect(totalOf([])).toBe(0);
  });
});
