import { describe, expect, it } from 'vitest';
import { formatRand } from '../money/money.ts';
import {
  CorrectContestantSchema,
  FAMILY_DESK_MESSAGES,
  FamilySearchQuerySchema,
  feeLine,
} from './family-desk.schema.ts';

describe('the family desk schemas', () => {
  it('searches trimmed text of at least 2 characters, 20 at a time by default', () => {
    expect(FamilySearchQuerySchema.parse({ q: '  Ka  ' })).toEqual({ q: 'Ka', skip: 0, take: 20 });
    const short = FamilySearchQuerySchema.safeParse({ q: ' K ' });
    expect(short.error?.issues[0]?.message).toBe(FAMILY_DESK_MESSAGES.searchTooShort);
    expect(FamilySearchQuerySchema.safeParse({ q: 'Ka', take: '51' }).success).toBe(false);
    expect(FamilySearchQuerySchema.safeParse({ q: 'K\u0000a' }).success).toBe(false);
  });

  it("shows spec 9's fees with the event's amount", () => {
    expect(feeLine('amendment', formatRand(25000))).toBe(
      'Amendment of participant details or certificate regeneration: R 250.00',
    );
    expect(feeLine('change', formatRand(25000))).toBe('Change fee for a wrong item code: R 250.00');
  });

  it("asks for an answer on the fee, and never a contestant's id or picture", () => {
    const details = { firstName: 'Kagiso', surname: 'Ngcobo', school: 'Other School', grade: '5' };
    expect(CorrectContestantSchema.safeParse(details).success).toBe(false);
    const parsed = CorrectContestantSchema.parse({
      ...details,
      id: 4,
      profilePicture: 'x.png',
      feeApplies: false,
    });
    expect(parsed).toEqual({ ...details, feeApplies: false });
  });
});
