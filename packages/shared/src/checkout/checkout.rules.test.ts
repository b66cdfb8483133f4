import { describe, expect, it } from 'vitest';
import { CHECKOUT_TEXT } from './checkout.messages.ts';
import {
  checkoutProblem,
  isCheckoutCurrent,
  PAYMENT_REPORT_GRACE_MS,
  isLateEntry,
  surchargeCents,
} from './checkout.rules.ts';

const M = {
  groupDetails: CHECKOUT_TEXT.say('groupDetails'),
  deadlinePassed: CHECKOUT_TEXT.say('deadlinePassed'),
  names: CHECKOUT_TEXT.say('names'),
  mobile: CHECKOUT_TEXT.say('mobile'),
  email: CHECKOUT_TEXT.say('email'),
};
const wrongGrade = { id: 'grades.notForGrade', values: { firstName: 'Thandi' } };
const ok = { groupInformationNeeded: false, deadlinePassed: false, gradeProblem: null };
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
      items: [{ groupInformationNeeded: true, deadlinePassed: true, gradeProblem: wrongGrade }],
      firstName: '',
      surname: '',
      mobileNumber: '1',
      email: 'x',
      mobileRequired: true,
    };
    expect(checkoutProblem(all)).toEqual(M.groupDetails);
    expect(checkoutProblem({ ...all, items: [{ ...ok, deadlinePassed: true }] })).toEqual(
      M.deadlinePassed,
    );
    // Issue 32: an entry outside its item's grades, with the entry's own reason.
    expect(checkoutProblem({ ...all, items: [ok, { ...ok, gradeProblem: wrongGrade }] })).toBe(
      wrongGrade,
    );
    expect(checkoutProblem({ ...all, items: [ok] })).toEqual(M.names);
    expect(checkoutProblem({ ...all, items: [ok], firstName: 'A', surname: 'B' })).toEqual(
      M.mobile,
    );
    expect(checkoutProblem({ ...valid, mobileNumber: '1234567890123456' })).toEqual(M.mobile);
    expect(checkoutProblem({ ...valid, email: 'abc' })).toEqual(M.email);
  });

  it('needs a mobile number only when one is required (a WhatsApp confirmation)', () => {
    expect(checkoutProblem({ ...valid, mobileNumber: '', mobileRequired: false })).toBeNull();
    expect(checkoutProblem({ ...valid, mobileNumber: '', mobileRequired: true })).toEqual(M.mobile);
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

describe('isCheckoutCurrent', () => {
  const tz = 'Africa/Johannesburg';
  const at = new Date('2025-04-01T21:50:00.000Z'); // 23:50 on 1 April in Johannesburg
  it('holds until the end of the event day it was made on', () => {
    expect(isCheckoutCurrent(at, new Date('2025-04-01T21:59:59.999Z'), tz)).toBe(true);
    expect(isCheckoutCurrent(at, new Date('2025-04-01T22:00:00.000Z'), tz)).toBe(false);
    expect(isCheckoutCurrent(at, new Date('2025-04-26T08:00:00.000Z'), tz)).toBe(false);
  });
  it("counts a provider's report up to the grace after midnight", () => {
    const grace = PAYMENT_REPORT_GRACE_MS;
    expect(isCheckoutCurrent(at, new Date('2025-04-01T22:59:59.999Z'), tz, grace)).toBe(true);
    expect(isCheckoutCurrent(at, new Date('2025-04-01T23:00:00.000Z'), tz, grace)).toBe(false);
  });
  it('never holds for an order that was not checked out', () => {
    expect(isCheckoutCurrent(null, at, tz)).toBe(false);
  });
});
