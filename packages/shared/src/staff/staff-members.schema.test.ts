import { describe, expect, it } from 'vitest';
import { deactivationProblem, InviteStaffMemberSchema } from './staff-members.schema.ts';

const organiser = (id: number, active = true) => ({ id, role: 'organiser' as const, active });
const adjudicator = (id: number, active = true) => ({ id, role: 'adjudicator' as const, active });

describe('deactivationProblem', () => {
  it('refuses an organiser deactivating themself', () => {
    expect(deactivationProblem(1, organiser(1), [organiser(1), organiser(2)])).toBe('self');
  });

  it('keeps the last active organiser, whoever asks', () => {
    const staff = [organiser(1), organiser(2, false), adjudicator(3)];
    expect(deactivationProblem(9, organiser(1), staff)).toBe('last-organiser');
    expect(deactivationProblem(1, organiser(2, false), staff)).toBeUndefined();
  });

  it('lets an organiser deactivate another organiser or an adjudicator', () => {
    const staff = [organiser(1), organiser(2), adjudicator(3)];
    expect(deactivationProblem(1, organiser(2), staff)).toBeUndefined();
    expect(deactivationProblem(1, adjudicator(3), staff)).toBeUndefined();
  });
});

describe('InviteStaffMemberSchema', () => {
  it('takes an organiser or an adjudicator, nothing else', () => {
    const invite = { firstName: 'Nomsa', surname: 'Mokoena', email: 'nomsa@example.org' };
    expect(InviteStaffMemberSchema.safeParse({ ...invite, role: 'organiser' }).success).toBe(true);
    expect(InviteStaffMemberSchema.safeParse({ ...invite, role: 'customer' }).success).toBe(false);
  });
});
