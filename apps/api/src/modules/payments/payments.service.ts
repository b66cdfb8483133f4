import { createHmac, randomUUID } from 'node:crypto';
import {
  CHECKOUT_TEXT,
  checkoutProblem,
  endpointUrl,
  isCheckoutCurrent,
  PAYMENT_REPORT_GRACE_MS,
  type Order,
} from '@eisteddfod/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { isSameSecretText } from '../../lib/same-text.ts';
import type {
  PayableOrder,
  PaymentProvider,
  VerifiedPayment,
} from '../../providers/payment/provider.ts';
import type { PaymentProviders } from '../../providers/payment/providers.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { Outbox, OutboxMessage } from '../outbox/index.ts';
import { createNotifications } from './notifications.ts';
import { createPaymentMessages, gradeProblemsOf } from './payment-messages.ts';
import * as repo from './payments.repository.ts';
import { createPricing } from './pricing.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export interface PaymentsDependencies {
  db: Database;
  secret: string;
  /** The payment providers, by id (providers/payment/, decision 055). */
  providers: PaymentProviders;
  catalogue: CatalogueService;
  orders: OrdersService;
  accounts: AccountsService;
  outbox: Outbox;
  jobs: Jobs;
  log: FastifyBaseLogger;
  now: () => number;
}

type PaymentMessages = ReturnType<typeof createPaymentMessages>;
type Notifications = ReturnType<typeof createNotifications>;

// The payment link's reference: an HMAC of order and amount, under the key it has had since
// the first release (when the sandbox's were the only links), so links already sent still work.
const refFor = (deps: PaymentsDependencies, orderId: number, totalCents: number) =>
  createHmac('sha256', `${deps.secret}:sandbox`)
    .update(`ref:${orderId}:${totalCents}`)
    .digest('hex')
    .slice(0, 32);

/** A provider this server takes payments with, or a refusal. */
function enabledProvider(deps: PaymentsDependencies, id: string): PaymentProvider {
  const { providers } = deps;
  const provider = providers.enabled.find((p) => p.id === id);
  if (!provider)
    throw badRequest('VALIDATION_ERROR', CHECKOUT_TEXT.say('noSuchProvider', { provider: id }));
  return provider;
}

/**
 * Whether an order's checkout still holds now: the price and deadlines of the event day it was
 * made on. The pay pages take no grace; a provider's report takes PAYMENT_REPORT_GRACE_MS.
 */
async function checkoutHolds(
  deps: PaymentsDependencies,
  order: { eventId: number; checkedOutAt: Date | null },
  graceMs = 0,
): Promise<boolean> {
  const { catalogue } = deps;
  const { timeZone } = await catalogue.getEvent(order.eventId);
  return isCheckoutCurrent(order.checkedOutAt, new Date(deps.now()), timeZone, graceMs);
}

/**
 * What each entry of an order out of its item's grades says is wrong (decision 042). A
 * checkout refuses such an entry, but a previous release made checkouts without the check
 * during an upgrade, and a child's grade can change between checkout and payment: the pay
 * pages then send the family back to the cart, and a provider's payment is held, not credited.
 */
async function gradeProblems(
  deps: PaymentsDependencies,
  order: Parameters<OrdersService['describeOrder']>[0],
) {
  const { orders } = deps;
  return gradeProblemsOf(await orders.describeOrder(order));
}

/**
 * The one way an order becomes paid, a provider's payment or money recorded by an organiser
 * (decision 020): within the caller's transaction, with the order row locked, the order turns
 * paid and its audit entry and the family's confirmation are written. A crash leaves either
 * all of it or none, never a paid order whose family is not told. Call `outbox.deliverSoon`
 * (confirmationSent) once the transaction has committed.
 */
async function creditWithin(
  deps: PaymentsDependencies,
  tx: Tx,
  orderId: number,
  messages: OutboxMessage[],
  how: { actorCustomerId?: number; imported: boolean; details: Record<string, unknown> },
): Promise<void> {
  const { outbox } = deps;
  await repo.markPaid(tx, orderId, new Date(deps.now()), how.imported);
  await audit(tx, {
    actorCustomerId: how.actorCustomerId ?? null,
    action: 'order.paid',
    entityType: 'order',
    entityId: orderId,
    details: how.details,
  });
  await outbox.enqueueWithin(tx, messages);
}

/** Credits a verified payment, in one transaction (creditWithin). */
async function credit(
  deps: PaymentsDependencies,
  paymentMessages: PaymentMessages,
  payment: VerifiedPayment,
): Promise<repo.CreditOutcome> {
  const { db, outbox, providers } = deps;
  // Read before the transaction: a frozen order's lines and totals no longer change.
  const messages = await paymentMessages.confirmationMessages(payment.orderId);
  const unpaid = await db.query.orders.findFirst({
    where: (o, { eq }) => eq(o.id, payment.orderId),
  });
  const entriesFit = !unpaid || (await gradeProblems(deps, unpaid)).length === 0;
  const outcome = await repo.recordPayment(
    db,
    payment,
    (tx) =>
      creditWithin(deps, tx, payment.orderId, messages, {
        imported: false,
        details: { provider: payment.provider },
      }),
    async (order) => entriesFit && (await checkoutHolds(deps, order, PAYMENT_REPORT_GRACE_MS)),
    providers.default.id,
  );
  deps.log.info(
    { orderId: payment.orderId, provider: payment.provider, outcome },
    'payment notification',
  );
  if (outcome === 'credited') outbox.deliverSoon();
  if (outcome === 'checkout_expired') await paymentMessages.tellPaymentHeld(payment);
  return outcome;
}

/**
 * Checks an order of the caller's and freezes it as checkout does: priced on the server (group
 * sizes, the late-entry surcharge), lines and total frozen, with the provider it is paid with
 * (none: paid by EFT, recorded by an organiser, decision 066). Answers the total.
 */
async function checkOut(
  deps: PaymentsDependencies,
  priceAndFreeze: ReturnType<typeof createPricing>['priceAndFreeze'],
  customerId: number,
  orderId: number,
  confirmation: { email: string; whatsApp: boolean; provider?: string },
): Promise<number> {
  const { db, orders, accounts } = deps;
  const { email, whatsApp } = confirmation;
  const row = await orders.requireOwnOrder(customerId, orderId);
  if (row.status === 'paid')
    throw new AppError(409, 'ALREADY_PAID', CHECKOUT_TEXT.say('alreadyPaid'));
  if (row.status !== 'cart' && row.status !== 'awaiting_payment') {
    throw new AppError(409, 'NOT_PAYABLE', CHECKOUT_TEXT.say('notPayable'));
  }
  // Entries in a cart before the opening (filled before this check, or on an instance of
  // the previous release during an upgrade) are not paid for either (decision 041).
  await orders.refuseBeforeOpening(row.eventId, customerId);
  const order = await orders.describeOrder({ ...row, totalCents: null });
  if (order.orderItems.length === 0) throw badRequest('EMPTY_CART', CHECKOUT_TEXT.say('emptyCart'));
  const customer = await accounts.getCustomer(customerId);
  const problem = checkoutProblem({
    items: order.orderItems,
    firstName: customer.firstName,
    surname: customer.surname,
    mobileNumber: customer.mobileNumber ?? '',
    email,
    mobileRequired: whatsApp,
  });
  if (problem) throw badRequest('CHECKOUT_CHECK', problem);
  const totalCents = await priceAndFreeze(order, confirmation);
  await audit(db, {
    actorCustomerId: customerId,
    action: 'order.checkout',
    entityType: 'order',
    entityId: orderId,
    details: { totalCents, email, ...(confirmation.provider ? {} : { method: 'eft' }) },
  });
  return totalCents;
}

/**
 * GET /api/Orders/{id}/PaymentLink/{email}: checks the order, prices it on the server
 * (group sizes, the late-entry surcharge), freezes lines and total with the provider it is
 * paid with (the default unless one is named), and returns where to pay.
 */
async function startPayment(
  deps: PaymentsDependencies,
  priceAndFreeze: ReturnType<typeof createPricing>['priceAndFreeze'],
  customerId: number,
  orderId: number,
  email: string,
  whatsApp: boolean,
  providerId: string = deps.providers.default.id,
): Promise<string> {
  const provider = enabledProvider(deps, providerId);
  const totalCents = await checkOut(deps, priceAndFreeze, customerId, orderId, {
    email,
    whatsApp,
    provider: provider.id,
  });
  // The provider's page on the site the family is on: relative, so it works whatever the address.
  return endpointUrl(
    provider.endpoints.page,
    { orderId },
    { ref: refFor(deps, orderId, totalCents), email },
  );
}

/**
 * The details a provider's page needs, when the reference matches the frozen order and the
 * order is paid with this provider (an order of the previous release, none: the default).
 */
async function payableOrder(
  deps: PaymentsDependencies,
  providerId: string,
  orderId: number,
  ref: string,
  email = '',
): Promise<PayableOrder | undefined> {
  const { db, orders, accounts, providers } = deps;
  const row = await db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, orderId) });
  if (!row || row.totalCents === null || row.status !== 'awaiting_payment') return undefined;
  if (!isSameSecretText(ref, refFor(deps, orderId, row.totalCents))) return undefined;
  if ((row.paymentProvider ?? providers.default.id) !== providerId) return undefined;
  // A checkout of an earlier day may owe the surcharge or hold an item past its due date:
  // the family checks out again ('This payment link has expired').
  if (!(await checkoutHolds(deps, row)) || (await gradeProblems(deps, row)).length > 0)
    return undefined;
  const described = await orders.describeOrder(row);
  const customer = await accounts.getCustomer(row.customerId);
  return { order: described, customer, totalCents: row.totalCents, ref, email };
}

/** A pay page of our own's Pay, its provider's notification kept and checked (the sandbox). */
async function payOnOwnPage(
  deps: PaymentsDependencies,
  notifications: Notifications,
  providerId: string,
  orderId: number,
  ref: string,
) {
  const provider = enabledProvider(deps, providerId);
  const payable = await payableOrder(deps, providerId, orderId, ref);
  if (!payable || !provider.ownNotification) return undefined;
  const fields = provider.ownNotification(orderId, payable.totalCents);
  return notifications.accept(provider.id, new URLSearchParams(fields).toString());
}

/**
 * Checkout and payment (spec 4 and 7; issue 6). An order becomes paid only through a verified
 * provider notification, never through the return URL (docs/decisions/006-payments.md). The
 * providers are reached only through their interface, by the id an order, payment and
 * notification keep (decision 055).
 */
export function createPaymentsService(deps: PaymentsDependencies) {
  const { db, orders, providers } = deps;
  const messages_ = createPaymentMessages(deps);
  const { priceAndFreeze, priceOrder } = createPricing(deps);
  const notifications = createNotifications({
    ...deps,
    credit: (payment) => credit(deps, messages_, payment),
  });

  return {
    startPayment: (
      customerId: number,
      orderId: number,
      email: string,
      whatsApp: boolean,
      providerId?: string,
    ) => startPayment(deps, priceAndFreeze, customerId, orderId, email, whatsApp, providerId),
    /**
     * A teacher pays their order by EFT (decision 066): checked and frozen as at checkout,
     * with no provider; an organiser records the money against its statement reference.
     */
    checkOutForEft: (customerId: number, orderId: number, email: string) =>
      checkOut(deps, priceAndFreeze, customerId, orderId, { email, whatsApp: false }),
    payableOrder: (providerId: string, orderId: number, ref: string, email = '') =>
      payableOrder(deps, providerId, orderId, ref, email),
    payOnOwnPage: (providerId: string, orderId: number, ref: string) =>
      payOnOwnPage(deps, notifications, providerId, orderId, ref),
    acceptNotification: notifications.accept,
    waitUntilProcessed: notifications.waitUntilProcessed,
    processStored: notifications.processStored,
    retryUnprocessed: notifications.retryUnprocessed,
    queued: notifications.queued,
    settle: notifications.settle,

    /** The providers this server takes payments with, the default first (their routes). */
    enabledProviders: () => providers.enabled,

    /** A known provider's name and fields (the ledger's words and columns). */
    provider: (id: string) => providers.get(id),

    /** Tests' sandbox notifications (src/test/payments.ts): signed by the sandbox provider. */
    signSandboxNotification(fields: [string, string][]): [string, string][] {
      const signed = providers.get('sandbox')?.signNotification?.(fields);
      if (!signed) throw new Error('The sandbox provider signs no notifications');
      return signed;
    },
    newSandboxPaymentId: () => `SBX-${randomUUID()}`,

    // For money recorded by hand (payment-ledger, decision 020): the same pricing, crediting
    // and confirmation as a provider's payment.
    priceAndFreeze,
    /** A cart's price by checkout's rules, frozen by nothing (a school's statement, decision 066). */
    priceOrder,
    confirmationMessages: messages_.confirmationMessages,
    creditWithin: (
      tx: Tx,
      orderId: number,
      messages: OutboxMessage[],
      how: { actorCustomerId?: number; imported: boolean; details: Record<string, unknown> },
    ) => creditWithin(deps, tx, orderId, messages, how),

    async listCustomerOrders(customerId: number): Promise<Order[]> {
      const rows = await repo.findCustomerOrders(db, customerId);
      return Promise.all(rows.map((r) => orders.describeOrder(r)));
    },
  };
}
