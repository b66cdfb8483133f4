import {
  calendarDateIn,
  CHECKOUT_TEXT,
  checkoutProblem,
  isLateEntry,
  surchargeCents,
  type EventSummary,
  type Order,
  type Said,
} from '@eisteddfod/shared';

export interface DetailsForm {
  firstName: string;
  surname: string;
  country: string;
  mobileNumber: string;
  email: string;
  whatsApp: boolean;
}

/** The shared checkout checks of spec 5, in order, on what the screen shows; null when none. */
export function checkoutWarning(order: Order, form: DetailsForm): Said | null {
  return checkoutProblem({
    items: order.orderItems,
    firstName: form.firstName,
    surname: form.surname,
    mobileNumber: form.mobileNumber,
    email: form.email,
    mobileRequired: form.whatsApp,
  });
}

/** The details a refusal can point at. */
export type DetailsField = 'firstName' | 'surname' | 'mobileNumber' | 'email';

/**
 * Which of 'Your Details' a checkout warning is about, to mark and focus (issue 32); none for a
 * warning about the order itself (a group's details, a deadline, a grade).
 */
export function detailsAtFault(
  problem: Said,
  form: DetailsForm,
): Partial<Record<DetailsField, true>> {
  if (problem.id === CHECKOUT_TEXT.id('names')) {
    return {
      ...(form.firstName.trim() ? {} : { firstName: true }),
      ...(form.surname.trim() ? {} : { surname: true }),
    };
  }
  if (problem.id === CHECKOUT_TEXT.id('mobile')) return { mobileNumber: true };
  if (problem.id === CHECKOUT_TEXT.id('email')) return { email: true };
  return {};
}

export interface Totals {
  subtotal: number;
  surcharge: number;
  total: number;
}

/**
 * What the order comes to. A cart is priced now (the late-entry surcharge of spec 9 from the
 * event's late-entry date, in its time zone); an order awaiting payment keeps its frozen total.
 */
export function orderTotals(
  order: Order,
  event: EventSummary | undefined,
  now = new Date(),
): Totals {
  const subtotal = order.orderItems.reduce((sum, item) => sum + item.price, 0);
  if (order.status !== 'cart') {
    return {
      subtotal,
      surcharge: Math.max(0, order.totalPrice - subtotal),
      total: order.totalPrice,
    };
  }
  const late =
    event !== undefined &&
    isLateEntry(calendarDateIn(now, event.timeZone), event.dates.lateEntryFrom);
  const surcharge = late ? surchargeCents(subtotal, event.fees.lateSurchargePercent) : 0;
  return { subtotal, surcharge, total: subtotal + surcharge };
}
