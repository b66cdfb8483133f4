import { describe, expect, it } from 'vitest';
import { orderIdOfReference, statementReference } from './statement-reference.rules.ts';

describe('statement references', () => {
  it('are short, of unambiguous characters, and name their order', () => {
    for (const id of [1, 30, 31, 962, 123456, 28_629_150]) {
      const ref = statementReference(id);
      expect(ref).toMatch(/^S[0-9A-HJKMNP-TW-Z]{6}$/);
      expect(orderIdOfReference(ref)).toBe(id);
    }
  });

  it('are unique and stable for every order', () => {
    const seen = new Set<string>();
    for (let id = 1; id <= 20_000; id++) seen.add(statementReference(id));
    expect(seen.size).toBe(20_000);
    expect(statementReference(4321)).toBe(statementReference(4321));
  });

  it('are read as a bank line carries them', () => {
    const ref = statementReference(4321);
    const spaced = `${ref.slice(0, 4).toLowerCase()} ${ref.slice(4)}`;
    expect(orderIdOfReference(spaced)).toBe(4321);
    expect(orderIdOfReference(`-${ref}-`)).toBe(4321);
    // O for 0 and I or L for 1.
    expect(orderIdOfReference(statementReference(1).replace(/0/g, 'O'))).toBe(1);
  });

  it('catch any one character typed wrong and any two swapped', () => {
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTWXYZ';
    for (const id of [7, 4321, 99_999]) {
      const ref = statementReference(id);
      for (let i = 1; i < ref.length; i++) {
        for (const ch of alphabet) {
          if (ch === ref[i]) continue;
          const wrong = ref.slice(0, i) + ch + ref.slice(i + 1);
          expect(orderIdOfReference(wrong)).toBeUndefined();
        }
        for (let j = i + 1; j < ref.length; j++) {
          if (ref[i] === ref[j]) continue;
          const chars = [...ref];
          [chars[i], chars[j]] = [chars[j]!, chars[i]!];
          expect(orderIdOfReference(chars.join(''))).toBeUndefined();
        }
      }
    }
  });

  it('refuse what is not a reference', () => {
    for (const text of ['', 'S', 'E2026-000123', 'X00K7QH', 'S00K7QHH', 'S0000000'])
      expect(orderIdOfReference(text)).toBeUndefined();
    expect(() => statementReference(0)).toThrow(RangeError);
  });
});
