import type { OrderStatus } from '@eisteddfod/shared';
import { formattingLocale } from '../../lib/i18n/catalogue.ts';
import { text } from './text.ts';

const STATUS_LABELS = {
  cart: 'statusCart',
  awaiting_payment: 'statusAwaitingPayment',
  paid: 'statusPaid',
  cancelled: 'statusCancelled',
} as const satisfies Record<OrderStatus, string>;

export function statusLabel(status: OrderStatus): string {
  return text(STATUS_LABELS[status]);
}

/**
 * Spec 2, My Orders: the date in medium format, which has the time as well as the day
 * ('21 Apr 2025, 10:00:00'), in the event's time zone and the reader's language.
 */
export function formatOrderDate(isoDateTime: string | null, timeZone?: string): string {
  if (!isoDateTime) return '';
  return new Intl.DateTimeFormat(formattingLocale(), {
    dateStyle: 'medium',
    timeStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(isoDateTime));
}
