import { isValidEmail, isValidMobile } from '../accounts/accounts.rules.ts';
import type { Said } from '../i18n/said.ts';
import { calendarDateIn } from '../time/deadline.rules.ts';
import { CHECKOUT_TEXT } from './checkout.messages.ts';

/** Where a cancelled payment returns (the sandbox page and PayFast's cancel_url). */
export const PAYMENT_CANCELLED_SEARCH = '?payment=cancelled';

export interface CheckoutInput {
  items: {
    groupInformationNeeded: boolean;
    deadlinePassed: boolean;
    gradeProblem: Said | null;
  }[];
  firstName: string;
  surname: string;
  mobileNumber: string;
  email: string;
  /**
   * Spec 5 always checks the mobile number; a family that registered by email may have none, so
   * it is required only to carry a WhatsApp confirmation (docs/decisions/006-payments.md).
   */
  mobileRequired: boolean;
}

/** The checkout checks of spec 5, in the spec's order; null when payment may start. */
export function checkoutProblem(input: CheckoutInput): Said | null {
  if (input.items.some((i) => i.groupInformationNeeded)) return CHECKOUT_TEXT.say('groupDetails');
  if (input.items.some((i) => i.deadlinePassed)) return CHECKOUT_TEXT.say('deadlinePassed');
  // Issue 32: a grade changed, or the item's grades, since the entry was added.
  const wrongGrade = input.items.find((i) => i.gradeProblem)?.gradeProblem;
  if (wrongGrade) return wrongGrade;
  if (!input.firstName.trim() || !input.surname.trim()) return CHECKOUT_TEXT.say('names');
  if (input.mobileRequired && !isValidMobile(input.mobileNumber))
    return CHECKOUT_TEXT.say('mobile');
  if (!isValidEmail(input.email)) return CHECKOUT_TEXT.say('email');
  return null;
}

/** The late-entry surcharge (spec 9: 50% added to the total), in whole cents. */
export function surchargeCents(subtotalCents: number, percent: number): number {
  return Math.round((subtotalCents * percent) / 100);
}

/** Entries made on or after the event's late-entry date carry the surcharge. */
export function isLateEntry(today: string, lateEntryFrom: string | null): boolean {
  return lateEntryFrom !== null && today >= lateEntryFrom;
}

/**
 * How long after the end of its day a provider's report of a payment still credits a checkout:
 * a family that pressed Pay at 23:59 is paid for, though the bank answers after midnight.
 */
export const PAYMENT_REPORT_GRACE_MS = 60 * 60 * 1000;

/**
 * Whether a checkout's frozen price still stands (security review of issue 30): checkout prices
 * an order with the late-entry surcharge and item deadlines of its day, which hold until that day
 * ends in the event's time zone. On a later day the family checks out again and is priced anew.
 * `graceMs` lets a provider's report that comes just after midnight still count.
 */
export function isCheckoutCurrent(
  checkedOutAt: Date | null,
  now: Date,
  timeZone: string,
  graceMs = 0,
): boolean {
  if (checkedOutAt === null) return false;
  const day = calendarDateIn(checkedOutAt, timeZone);
  return (
    calendarDateIn(now, timeZone) === day ||
    calendarDateIn(new Date(now.getTime() - graceMs), timeZone) === day
  );
}
