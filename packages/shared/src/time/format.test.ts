import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format.ts';

describe('formatLongDate', () => {
  it('writes the day with two digits and the month in full', () => {
    expect(formatLongDate('2025-04-21')).toBe('21 April 2025');
    expect(formatLongDate('2025-06-08')).toBe('08 June 2025');
  });
});

describe('formatLongDate in Afrikaans (decision 069)', () => {
  it('names the month in Afrikaans, English as the spec writes it', () => {
    expect(formatLongDate('2025-03-03', 'af')).toBe('03 Maart 2025');
    expect(formatLongDate('2025-03-03', 'en')).toBe('03 March 2025');
  });
});
