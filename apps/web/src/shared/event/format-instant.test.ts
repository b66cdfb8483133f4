import { describe, expect, it } from 'vitest';
import { formatInstant } from './format-instant.ts';

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
