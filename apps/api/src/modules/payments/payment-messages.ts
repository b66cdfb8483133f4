import { describeDate, entryDates, formatRand, resultsOn, type Order } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { wordsOf } from '../../lib/messages.ts';
import type { VerifiedPayment } from '../../providers/payment/provider.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { Outbox, OutboxMessage } from '../outbox/index.ts';
import { text as words } from './text.ts';

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
  // In the family's language (decision 069), amounts and dates too.
  const language = await accounts.languageOf(order.customerId);
  const text = words.in(language);
  // Only the family's proved addresses (decision 031); the checkout's email is the one the
  // family gave for this order's confirmation (spec 4).
  const proved = await accounts.provedAddresses(order.customerId);
  const event = await catalogue.getEvent(order.eventId);
  // Each entry's date and the results day by the one rule of the screens (decision 046).
  const lines = described.orderItems.map((i) =>
    text('confirmedEntry', {
      firstName: i.participantFirstName,
      surname: i.participantSurname,
      itemCode: i.itemCode,
      item: i.itemShortDescription,
      price: formatRand(i.price, language),
      uploadBy: wordsOf(describeDate(entryDates({ dueDate: i.itemDueDate }).uploadBy), language),
    }),
  );
  const paid = {
    amount: formatRand(described.totalPrice, language),
    orderNumber: described.orderNumber,
  };
  const body = [
    text('dear', { firstName: customer.firstName }),
    '',
    text('thankYou', paid),
    '',
    ...lines,
    '',
    text('uploadAndFinalise'),
    text('resultsOn', { resultsOn: wordsOf(describeDate(resultsOn(event)), language) }),
  ].join('\n');
  const messages: OutboxMessage[] = [];
  const email = order.confirmationEmail ?? proved.email;
  if (email) {
    messages.push({
      channel: 'email',
      recipient: email,
      subject: text('confirmedSubject', { orderNumber: described.orderNumber }),
      body,
    });
  }
  if (order.sendWhatsAppConfirmation && proved.mobile) {
    messages.push({
      channel: 'whatsapp',
      recipient: proved.mobile,
      body: text('confirmedWhatsApp', paid),
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
  const language = await accounts.languageOf(order.customerId);
  const text = words.in(language);
  const email = order.confirmationEmail ?? (await accounts.provedAddresses(order.customerId)).email;
  if (!email) return;
  const received = {
    amount: formatRand(payment.amountCents, language),
    orderNumber: described.orderNumber,
  };
  const grades = gradeProblemsOf(described);
  const why =
    grades.length > 0
      ? text('heldNotForGrade', {
          ...received,
          problems: grades.map((said) => wordsOf(said, language)).join(' '),
        })
      : text('heldLate', received);
  await outbox.enqueueEmail(
    email,
    text('heldSubject', { orderNumber: described.orderNumber }),
    [text('dear', { firstName: customer.firstName }), '', why, '', text('heldCheckedByHand')].join(
      '\n',
    ),
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
