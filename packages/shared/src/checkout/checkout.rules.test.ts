import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES as M,
  checkoutProblem,
  isLateEntry,
  surchargeCents,
} from './checkout.rules.ts';

const ok = { groupInformationNeeded: false, deadlinePassed: false };
const valid = {
  items: [ok],
  firstName: 'Thandi',
  surname: 'Nkosi',
  mobileNumber: '0821234567',
  email: 'a@b.co',
  mobileRequired: true,
};

describe('checkoutProblem (spec 5, checked in this order)', () => {
  it('passes a complete checkout', () => {
    expect(checkoutProblem(valid)).toBeNull();
  });

  it('reports the first failing check only', () => {
    const all = {
      items: [{ groupInformationNeeded: true, deadlinePassed: true }],
      firstName: '',
      surname: '',
      mobileNumber: '1',
      email: 'x',
      mobileRequired: true,
    };
    expect(checkoutProblem(all)).toBe(M.groupDetails);
    expect(checkoutProblem({ ...all, items: [{ ...ok, deadlinePassed: true }] })).toBe(
      M.deadlinePassed,
    );
    expect(checkoutProblem({ ...all, items: [ok] })).toBe(M.names);
    expect(checkoutProblem({ ...all, items: [ok], firstName: 'A', surname: 'B' })).toBe(M.mobile);
    expect(checkoutProblem({ ...valid, mobileNumber: '1234567890123456' })).toBe(M.mobile);
    expect(checkoutProblem({ ...valid, email: 'abc' })).toBe(M.email);
  });

  it('needs a mobile number only when one is required (a WhatsApp confirmation)', () => {
    expect(checkoutProblem({ ...valid, mobileNumber: '', mobileRequired: false })).toBeNull();
    expect(checkoutProblem({ ...valid, mobileNumber: '', mobileRequired: true })).toBe(M.mobile);
  });
});

describe('late-entry surcharge (spec 9)', () => {
  it('adds 50%, rounded to the cent', () => {
    expect(surchargeCents(41000, 50)).toBe(20500);
    expect(surchargeCents(16001, 50)).toBe(8001);
  });

  it('applies from the late-entry date, not before, and never without one', () => {
    expect(isLateEntry('2025-04-20', '2025-04-21')).toBe(false);
    expect(isLateEntry('2025-04-21', '2025-04-21')).toBe(true);
    expect(isLateEntry('2025-04-21', null)).toBe(false);
  });
});
