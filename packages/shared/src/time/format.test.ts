import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format.ts';

describe('formatLongDate', () => {
  it('writes the day with two digits and the month in full', () => {
    expect(formatLongDate('2025-04-21')).toBe('21 April 2025');
    expect(formatLongDate('2025-06-08')).toBe('08 June 2025');
  });
});
