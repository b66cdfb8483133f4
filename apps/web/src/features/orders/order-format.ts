import type { OrderStatus } from '@eisteddfod/shared';

const STATUS_LABELS: Record<OrderStatus, string> = {
  cart: 'Not checked out',
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export function statusLabel(status: OrderStatus): string {
  return STATUS_LABELS[status];
}

/**
 * Spec 2, My Orders: the date in medium format, which has the time as well as the day
 * ('21 Apr 2025, 10:00:00'), in the event's time zone.
 */
export function formatOrderDate(isoDateTime: string | null, timeZone?: string): string {
  if (!isoDateTime) return '';
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(isoDateTime));
}
