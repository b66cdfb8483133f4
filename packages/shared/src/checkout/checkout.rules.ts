import { isValidEmail, isValidMobile } from '../accounts/accounts.rules.ts';
import { calendarDateIn } from '../time/deadline.rules.ts';

/** Messages of spec 2, 5 and 8 for checkout, payment and orders, word for word. */
export const CHECKOUT_MESSAGES = {
  groupDetails: 'Please ensure you have entered all participant details for all group items.',
  deadlinePassed: 'Please remove any items that have passed their deadline in order to continue',
  names: 'Please ensure you have entered your first name and surname.',
  mobile: 'Please ensure you have entered a valid mobile number.',
  email: 'Please ensure you have entered a valid email address.',
  emptyCart: 'Your cart is empty. Add items for your contestants to continue.',
  late: '- DEADLINE HAS PASSED',
  paymentSuccess: 'Payment Success',
  thankYou: 'Thank you for your payment!',
  confirmed:
    'Your transaction has been successfully processed, and your competition entries have been confirmed.',
  awaiting:
    'We are waiting for the payment provider to confirm your payment. This page updates by itself.',
  editDeadline: 'The due date for this item has passed and therefore it cannot be edited.',
  editDeadlineTitle: 'Deadline passed',
  // Spec 9's change fee, as the server applies it (decisions 006 and 021): a change here is free
  // and keeps the fee; after the due date only the organisers change a code, noting the fee.
  changeFee: (fee: string) =>
    `Changing the item here is free until its due date. After that only the organisers can change a wrong item code, for a change fee of ${fee}, or the entry is disqualified.`,
  lateSurcharge: (percent: number) => `A ${percent}% late-entry surcharge is added to the total.`,
  itemUpdated: 'Item updated successfully',
  // Not in the spec (issue 32): cancelling on the pay page came back to checkout without a word.
  paymentCancelledTitle: 'Payment cancelled',
  paymentCancelled:
    'You cancelled the payment, so nothing was paid. Your entries are still in your cart: pay when you are ready.',
} as const;

/** Where a cancelled payment returns (the sandbox page and PayFast's cancel_url). */
export const PAYMENT_CANCELLED_SEARCH = '?payment=cancelled';

export interface CheckoutInput {
  items: {
    groupInformationNeeded: boolean;
    deadlinePassed: boolean;
    gradeProblem: string | null;
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
export function checkoutProblem(input: CheckoutInput): string | null {
  if (input.items.some((i) => i.groupInformationNeeded)) return CHECKOUT_MESSAGES.groupDetails;
  if (input.items.some((i) => i.deadlinePassed)) return CHECKOUT_MESSAGES.deadlinePassed;
  // Issue 32: a grade changed, or the item's grades, since the entry was added.
  const wrongGrade = input.items.find((i) => i.gradeProblem)?.gradeProblem;
  if (wrongGrade) return wrongGrade;
  if (!input.firstName.trim() || !input.surname.trim()) return CHECKOUT_MESSAGES.names;
  if (input.mobileRequired && !isValidMobile(input.mobileNumber)) return CHECKOUT_MESSAGES.mobile;
  if (!isValidEmail(input.email)) return CHECKOUT_MESSAGES.email;
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
