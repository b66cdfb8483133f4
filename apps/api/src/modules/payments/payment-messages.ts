import { describeDate, entryDates, formatRand, resultsOn, type Order } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { wordsOf } from '../../lib/messages.ts';
import type { VerifiedPayment } from '../../providers/payment/provider.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { Outbox, OutboxMessage } from '../outbox/index.ts';

/** What each entry of an order out of its item's grades says is wrong (decision 042). */
export const gradeProblemsOf = (order: Order) =>
  order.orderItems.flatMap((i) => (i.gradeProblem ? [i.gradeProblem] : []));

interface MessagesDependencies {
  db: Database;
  catalogue: CatalogueService;
  orders: OrdersService;
  accounts: AccountsService;
  outbox: Outbox;
}

/** The confirmation of a paid order: an email, and a WhatsApp message when asked for. */
async function confirmationMessages(
  deps: MessagesDependencies,
  orderId: number,
): Promise<OutboxMessage[]> {
  const { db, catalogue, orders, accounts } = deps;
  const order = await db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, orderId) });
  if (!order) return [];
  const described = await orders.describeOrder(order);
  const customer = await accounts.getCustomer(order.customerId);
  // Only the family's proved addresses (decision 031); the checkout's email is the one the
  // family gave for this order's confirmation (spec 4).
  const proved = await accounts.provedAddresses(order.customerId);
  const event = await catalogue.getEvent(order.eventId);
  // Each entry's date and the results day by the one rule of the screens (decision 046).
  const lines = described.orderItems.map(
    (i) =>
      `- ${i.participantFirstName} ${i.participantSurname}: ${i.itemCode} ${i.itemShortDescription} (${formatRand(i.price)}). ${wordsOf(describeDate(entryDates({ dueDate: i.itemDueDate }).uploadBy))}`,
  );
  const text = [
    `Dear ${customer.firstName},`,
    '',
    `Thank you for your payment of ${formatRand(described.totalPrice)} for order ${described.orderNumber}. Your competition entries are confirmed:`,
    '',
    ...lines,
    '',
    'Upload and finalise each entry in the Uploads portal by its date: only a finalised entry is sent to the adjudicators.',
    `${wordsOf(describeDate(resultsOn(event)))}.`,
  ].join('\n');
  const messages: OutboxMessage[] = [];
  const email = order.confirmationEmail ?? proved.email;
  if (email) {
    messages.push({
      channel: 'email',
      recipient: email,
      subject: `Your entries are confirmed (order ${described.orderNumber})`,
      body: text,
    });
  }
  if (order.sendWhatsAppConfirmation && proved.mobile) {
    messages.push({
      channel: 'whatsapp',
      recipient: proved.mobile,
      body: `Online Eisteddfod: payment of ${formatRand(described.totalPrice)} received for order ${described.orderNumber}. Your entries are confirmed.`,
    });
  }
  return messages;
}

/**
 * A payment that came after its checkout's day (decision 035) is kept for the organiser, not
 * credited: the family is told at once that the money arrived and what happens next, so a
 * payment is never left unanswered.
 */
async function tellPaymentHeld(
  deps: MessagesDependencies,
  payment: VerifiedPayment,
): Promise<void> {
  const { db, orders, accounts, outbox } = deps;
  const order = await db.query.orders.findFirst({
    where: (o, { eq }) => eq(o.id, payment.orderId),
  });
  if (!order) return;
  const described = await orders.describeOrder(order);
  const customer = await accounts.getCustomer(order.customerId);
  const email = order.confirmationEmail ?? (await accounts.provedAddresses(order.customerId)).email;
  if (!email) return;
  const received = `We received your payment of ${formatRand(payment.amountCents)} for order ${described.orderNumber}`;
  const grades = gradeProblemsOf(described);
  const why =
    grades.length > 0
      ? `${received}, but an entry in it is not for the child's grade: ${grades.join(' ')} Your entries are not confirmed yet.`
      : `${received}, but it came after the day you checked out, when the late-entry surcharge or an item's due date may apply. Your entries are not confirmed yet.`;
  await outbox.enqueueEmail(
    email,
    `We received your payment for order ${described.orderNumber}`,
    [
      `Dear ${customer.firstName},`,
      '',
      why,
      '',
      'The organisers check every such payment by hand: they confirm your entries or refund the money, and tell you by email. You do not need to pay again.',
    ].join('\n'),
  );
  outbox.deliverSoon();
}

/** What a family is told about a payment: its confirmation, or that it is held (decision 035). */
export function createPaymentMessages(deps: MessagesDependencies) {
  return {
    confirmationMessages: (orderId: number) => confirmationMessages(deps, orderId),
    tellPaymentHeld: (payment: VerifiedPayment) => tellPaymentHeld(deps, payment),
  };
}
