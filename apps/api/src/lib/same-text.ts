import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a signature or reference a caller sent equals the one we computed, in a time that
 * does not depend on where they first differ (so the right one cannot be found a byte at a time).
 */
export function isSameSecretText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
