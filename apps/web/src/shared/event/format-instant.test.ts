import { formatLongDate } from '@eisteddfod/shared';
import { describe, expect, it } from 'vitest';
import { formatDate, formatInstant } from './format-instant.ts';

describe('formatInstant', () => {
  it('shows the instant in the event’s time zone, not the browser’s', () => {
    expect(formatInstant('2025-06-18T16:00:00.000Z', 'Africa/Johannesburg')).toBe(
      '18 June 2025 at 18:00',
    );
    // Late in the day in UTC is the next day in Johannesburg.
    expect(formatInstant('2025-06-18T23:30:00Z', 'Africa/Johannesburg')).toBe(
      '19 June 2025 at 01:30',
    );
  });

  it('writes the hour after midnight as 00, and the hour with two digits', () => {
    expect(formatInstant('2025-06-18T22:05:00Z', 'Africa/Johannesburg')).toBe(
      '19 June 2025 at 00:05',
    );
    expect(formatInstant('2025-06-18T07:05:00Z', 'Africa/Johannesburg')).toBe(
      '18 June 2025 at 09:05',
    );
  });
});

describe('formatDate', () => {
  it("writes a day as the spec does, 'dd MMMM yyyy', as the server's formatLongDate writes it", () => {
    expect(formatDate('2025-04-21')).toBe('21 April 2025');
    expect(formatDate('2025-06-09')).toBe('09 June 2025');
    for (let month = 0; month < 12; month += 1) {
      const iso = new Date(Date.UTC(2026, month, 1 + month * 2)).toISOString().slice(0, 10);
      expect(formatDate(iso)).toBe(formatLongDate(iso));
    }
  });

  it('shows what is not a date as it came, rather than failing the screen', () => {
    expect(formatDate('not a date')).toBe('not a date');
  });
});
