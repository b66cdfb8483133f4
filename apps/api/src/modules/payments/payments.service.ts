import { createHmac, randomUUID } from 'node:crypto';
import {
  CHECKOUT_MESSAGES,
  calendarDateIn,
  checkoutProblem,
  describeDate,
  endpointUrl,
  entryDates,
  entryPriceCents,
  formatRand,
  IdSchema,
  isCheckoutCurrent,
  isLateEntry,
  PAYMENT_REPORT_GRACE_MS,
  paths,
  PAYMENT_CANCELLED_SEARCH,
  paymentsApi,
  resultsOn,
  surchargeCents,
  type Order,
} from '@eisteddfod/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { isSameSecretText } from '../../lib/same-text.ts';
import { SECURITY_EVENTS } from '../../lib/security-events.ts';
import {
  confirmWithPayFast,
  isNotificationSignatureValid,
  parseNotification,
  toRands,
} from '../../providers/payment/payfast.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import { redactNotificationIfErased } from '../data-rights/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { Outbox, OutboxMessage } from '../outbox/index.ts';
import * as repo from './payments.repository.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** A notification that fails this often (e.g. PayFast unreachable) waits for a person. */
export const MAX_NOTIFICATION_ATTEMPTS = 10;

/** The job that processes one stored notification: `{ notificationId }`. */
export const NOTIFICATION_JOB = 'payments.notification';

export interface PaymentsDependencies {
  db: Database;
  config: Config;
  secret: string;
  catalogue: CatalogueService;
  orders: OrdersService;
  accounts: AccountsService;
  outbox: Outbox;
  jobs: Jobs;
  log: FastifyBaseLogger;
  now: () => number;
}

/**
 * Checkout and payment (spec 4 and 7; issue 6). An order becomes paid only through a verified
 * provider notification, never through the return URL (docs/decisions/006-payments.md).
 */
/** Outcomes of a notification that failed its checks (forged, misdirected, unconfirmed). */
const UNTRUSTED: ReadonlySet<string> = new Set([
  'bad_signature',
  'wrong_merchant',
  'not_confirmed',
]);

const gradeProblemsOf = (order: Order) =>
  order.orderItems.flatMap((i) => (i.gradeProblem ? [i.gradeProblem] : []));

export function createPaymentsService(deps: PaymentsDependencies) {
  const { db, config, catalogue, orders, accounts, outbox } = deps;
  const inFlight = new Set<Promise<unknown>>();
  const sandboxMac = (text: string) =>
    createHmac('sha256', `${deps.secret}:sandbox`).update(text).digest('hex');
  const refFor = (orderId: number, totalCents: number) =>
    sandboxMac(`ref:${orderId}:${totalCents}`).slice(0, 32);

  /**
   * Whether an order's checkout still holds now: the price and deadlines of the event day it was
   * made on. The pay pages take no grace; a provider's report takes PAYMENT_REPORT_GRACE_MS.
   */
  async function checkoutHolds(
    order: { eventId: number; checkedOutAt: Date | null },
    graceMs = 0,
  ): Promise<boolean> {
    const { timeZone } = await catalogue.getEvent(order.eventId);
    return isCheckoutCurrent(order.checkedOutAt, new Date(deps.now()), timeZone, graceMs);
  }

  /**
   * What each entry of an order out of its item's grades says is wrong (decision 042). A
   * checkout refuses such an entry, but a previous release made checkouts without the check
   * during an upgrade, and a child's grade can change between checkout and payment: the pay
   * pages then send the family back to the cart, and a provider's payment is held, not credited.
   */
  async function gradeProblems(order: Parameters<typeof orders.describeOrder>[0]) {
    return gradeProblemsOf(await orders.describeOrder(order));
  }

  /** The confirmation of a paid order: an email, and a WhatsApp message when asked for. */
  async function confirmationMessages(orderId: number): Promise<OutboxMessage[]> {
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
        `- ${i.participantFirstName} ${i.participantSurname}: ${i.itemCode} ${i.itemShortDescription} (${formatRand(i.price)}). ${describeDate(entryDates({ dueDate: i.itemDueDate }).uploadBy)}`,
    );
    const text = [
      `Dear ${customer.firstName},`,
      '',
      `Thank you for your payment of ${formatRand(described.totalPrice)} for order ${described.orderNumber}. Your competition entries are confirmed:`,
      '',
      ...lines,
      '',
      'Upload and finalise each entry in the Uploads portal by its date: only a finalised entry is sent to the adjudicators.',
      `${describeDate(resultsOn(event))}.`,
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
   * The one way an order becomes paid, a provider's payment or money recorded by an organiser
   * (decision 020): within the caller's transaction, with the order row locked, the order turns
   * paid and its audit entry and the family's confirmation are written. A crash leaves either
   * all of it or none, never a paid order whose family is not told. Call `outbox.deliverSoon`
   * (confirmationSent) once the transaction has committed.
   */
  async function creditWithin(
    tx: Tx,
    orderId: number,
    messages: OutboxMessage[],
    how: { actorCustomerId?: number; imported: boolean; details: Record<string, unknown> },
  ): Promise<void> {
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
  async function credit(payment: repo.VerifiedPayment): Promise<repo.CreditOutcome> {
    // Read before the transaction: a frozen order's lines and totals no longer change.
    const messages = await confirmationMessages(payment.orderId);
    const unpaid = await db.query.orders.findFirst({
      where: (o, { eq }) => eq(o.id, payment.orderId),
    });
    const entriesFit = !unpaid || (await gradeProblems(unpaid)).length === 0;
    const outcome = await repo.recordPayment(
      db,
      payment,
      (tx) =>
        creditWithin(tx, payment.orderId, messages, {
          imported: false,
          details: { provider: payment.provider },
        }),
      async (order) => entriesFit && (await checkoutHolds(order, PAYMENT_REPORT_GRACE_MS)),
    );
    deps.log.info(
      { orderId: payment.orderId, provider: payment.provider, outcome },
      'payment notification',
    );
    if (outcome === 'credited') outbox.deliverSoon();
    if (outcome === 'checkout_expired') await tellPaymentHeld(payment);
    return outcome;
  }

  /**
   * A payment that came after its checkout's day (decision 035) is kept for the organiser, not
   * credited: the family is told at once that the money arrived and what happens next, so a
   * payment is never left unanswered.
   */
  async function tellPaymentHeld(payment: repo.VerifiedPayment): Promise<void> {
    const order = await db.query.orders.findFirst({
      where: (o, { eq }) => eq(o.id, payment.orderId),
    });
    if (!order) return;
    const described = await orders.describeOrder(order);
    const customer = await accounts.getCustomer(order.customerId);
    const email =
      order.confirmationEmail ?? (await accounts.provedAddresses(order.customerId)).email;
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

  /**
   * Prices an unpaid order on the server (the catalogue, group sizes, the late-entry surcharge)
   * and freezes its lines and totals: checkout, and an organiser recording a payment for a cart.
   * `expectTotalCents`, when given, must be the total, or nothing is frozen (PRICE_DIFFERS).
   */
  async function priceAndFreeze(
    /** The order described as a cart (`describeOrder({ ...row, totalCents: null })`). */
    order: Order,
    confirmation: { email: string; whatsApp: boolean },
    expectTotalCents?: number,
  ): Promise<number> {
    const orderId = order.id;
    if (order.orderItems.length === 0) throw badRequest('EMPTY_CART', CHECKOUT_MESSAGES.emptyCart);
    const event = await catalogue.getEvent(order.eventId);
    // Prices come from the catalogue and the group sizes now, never from the browser.
    const prices = await Promise.all(
      order.orderItems.map(async (i) => {
        const item = await catalogue.findItem(order.eventId, i.itemId);
        if (!item) throw badRequest('ITEM_NOT_FOUND', `Item ${i.itemCode} is no longer offered.`);
        const members = i.groupParticipants.length;
        return {
          orderItemId: i.id,
          itemId: i.itemId,
          members,
          priceCents: entryPriceCents(item, members, event.fees),
        };
      }),
    );
    const subtotalCents = prices.reduce((sum, p) => sum + p.priceCents, 0);
    const today = calendarDateIn(new Date(deps.now()), event.timeZone);
    const surcharge = isLateEntry(today, event.dates.lateEntryFrom)
      ? surchargeCents(subtotalCents, event.fees.lateSurchargePercent)
      : 0;
    const totalCents = subtotalCents + surcharge;
    if (expectTotalCents !== undefined && expectTotalCents !== totalCents) {
      throw new AppError(
        409,
        'PRICE_DIFFERS',
        `The amount must equal the order's total, ${formatRand(totalCents)}.`,
      );
    }
    const frozen = await repo.freezeOrder(
      db,
      orderId,
      prices,
      {
        subtotalCents,
        surchargeCents: surcharge,
        totalCents,
        sendWhatsAppConfirmation: confirmation.whatsApp,
        confirmationEmail: confirmation.email,
      },
      new Date(deps.now()),
    );
    if (frozen === 'not_payable')
      throw new AppError(409, 'NOT_PAYABLE', 'This order can no longer be paid.');
    if (frozen === 'changed') {
      throw new AppError(
        409,
        'CART_CHANGED',
        'Your cart changed while you were checking out. Please review it and try again.',
      );
    }
    return totalCents;
  }

  /**
   * A signed notification whose order id or amount cannot be read is refused once ('malformed'),
   * recorded with the notification: retrying it would fail the same way for ever.
   */
  async function creditIfReadable(provider: string, pairs: [string, string][]): Promise<string> {
    const payment = fromFields(provider, pairs);
    return payment ? credit(payment) : 'malformed';
  }

  /** Checks one stored notification with its provider's rules and credits the order. */
  async function process(row: repo.NotificationRow): Promise<string> {
    await repo.countAttempt(db, row.id, row.attempts + 1);
    const pairs = parseNotification(row.body);
    let outcome: string;
    if (row.provider === 'sandbox') {
      const unsigned = pairs.filter(([k]) => k !== 'signature');
      const given = pairs.find(([k]) => k === 'signature')?.[1] ?? '';
      const expected = sandboxMac(new URLSearchParams(unsigned).toString());
      outcome = isSameSecretText(given, expected)
        ? await creditIfReadable('sandbox', pairs)
        : 'bad_signature';
    } else {
      const merchant = pairs.find(([k]) => k === 'merchant_id')?.[1];
      if (!isNotificationSignatureValid(pairs, config.PAYFAST_PASSPHRASE))
        outcome = 'bad_signature';
      else if (merchant !== config.PAYFAST_MERCHANT_ID) outcome = 'wrong_merchant';
      else if (!(await confirmWithPayFast(config.PAYFAST_HOST, pairs))) outcome = 'not_confirmed';
      else outcome = await creditIfReadable('payfast', pairs);
    }
    if (outcome !== 'credited')
      deps.log.warn(
        {
          // A notification we could not trust is a security event; a late or repeated one is not.
          ...(UNTRUSTED.has(outcome) ? { event: SECURITY_EVENTS.paymentNotificationRefused } : {}),
          notification: row.id,
          outcome,
        },
        'payment notification not credited',
      );
    await redactNotificationIfErased(db, row.id, row.body); // decision 024
    await repo.finishNotification(db, row.id, outcome, new Date(deps.now()));
    return outcome;
  }

  /** Queues a stored notification's job after the provider has had its 200. */
  function queue(notificationId: number) {
    const sent = deps.jobs
      .send(NOTIFICATION_JOB, { notificationId })
      .catch((err: unknown) =>
        deps.log.error({ err, notificationId }, 'payment notification not queued'),
      );
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
  }

  return {
    /**
     * GET /api/Orders/{id}/PaymentLink/{email}: checks the order, prices it on the server
     * (group sizes, the late-entry surcharge), freezes lines and total, and returns where to pay.
     */
    async startPayment(
      customerId: number,
      orderId: number,
      email: string,
      whatsApp: boolean,
    ): Promise<string> {
      const row = await orders.requireOwnOrder(customerId, orderId);
      if (row.status === 'paid')
        throw new AppError(409, 'ALREADY_PAID', 'This order has been paid already.');
      if (row.status !== 'cart' && row.status !== 'awaiting_payment') {
        throw new AppError(409, 'NOT_PAYABLE', 'This order can no longer be paid.');
      }
      // Entries in a cart before the opening (filled before this check, or on an instance of
      // the previous release during an upgrade) are not paid for either (decision 041).
      await orders.refuseBeforeOpening(row.eventId, customerId);
      const order = await orders.describeOrder({ ...row, totalCents: null });
      if (order.orderItems.length === 0)
        throw badRequest('EMPTY_CART', CHECKOUT_MESSAGES.emptyCart);
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
      const totalCents = await priceAndFreeze(order, { email, whatsApp });
      await audit(db, {
        actorCustomerId: customerId,
        action: 'order.checkout',
        entityType: 'order',
        entityId: orderId,
        details: { totalCents, email },
      });

      // Our own page on the site the family is on: relative, so it works whatever the address.
      const page =
        config.PAYMENT_PROVIDER === 'payfast' ? paymentsApi.payFastPage : paymentsApi.sandboxPage;
      return endpointUrl(page, { orderId }, { ref: refFor(orderId, totalCents), email });
    },

    /** The details a provider page needs, when the reference matches the frozen order. */
    async payableOrder(orderId: number, ref: string) {
      const row = await db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, orderId) });
      if (!row || row.totalCents === null || row.status !== 'awaiting_payment') return undefined;
      if (!isSameSecretText(ref, refFor(orderId, row.totalCents))) return undefined;
      // A checkout of an earlier day may owe the surcharge or hold an item past its due date:
      // the family checks out again ('This payment link has expired').
      if (!(await checkoutHolds(row)) || (await gradeProblems(row)).length > 0) return undefined;
      const described = await orders.describeOrder(row);
      const customer = await accounts.getCustomer(row.customerId);
      return { order: described, customer, totalCents: row.totalCents };
    },

    /** The sandbox provider's signed notification: the same verification path as PayFast's. */
    signSandboxNotification(fields: [string, string][]): [string, string][] {
      const body = new URLSearchParams(fields).toString();
      return [...fields, ['signature', sandboxMac(body)]];
    },

    /**
     * Keeps a provider's notification, then checks and credits it after the provider has its
     * answer. Rejects only when the notification could not be kept (the provider retries).
     */
    async acceptNotification(provider: 'sandbox' | 'payfast', body: string): Promise<number> {
      const row = await repo.storeNotification(db, provider, body, new Date(deps.now()));
      queue(row.id);
      return row.id;
    },

    /**
     * Waits, up to `ms`, until a notification has been processed by its job, on whichever
     * instance: the sandbox pay page shows the paid order, as PayFast's return page would once
     * the bank had answered.
     */
    async waitUntilProcessed(notificationId: number, ms: number): Promise<void> {
      const until = Date.now() + ms;
      // Soon at first (a job usually takes a few ms), then less often: every waiting page
      // asked every 25 ms, a query storm when many families pay at once (bench/deadline-night).
      for (let pause = 25; Date.now() < until; pause = Math.min(pause * 2, 200)) {
        if ((await repo.findNotification(db, notificationId))?.processedAt) return;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    },

    /**
     * The notification job: processes a stored notification unless that was done. It throws
     * when the work failed (a database error, a crash of the credit), so the queue retries it
     * with back-off, MAX_NOTIFICATION_ATTEMPTS times in all.
     */
    async processStored(notificationId: number): Promise<void> {
      const row = await repo.findNotification(db, notificationId);
      if (!row || row.processedAt || row.attempts >= MAX_NOTIFICATION_ATTEMPTS) return;
      await process(row);
    },

    /**
     * The sweep (each minute): a notification kept but never tried a minute after it came, as
     * when the process died between storing it and queueing its job. Retries are the job's.
     */
    async retryUnprocessed(): Promise<void> {
      const lost = await repo.findUnprocessed(db, new Date(deps.now() - 60_000), 1);
      for (const row of lost) await process(row).catch(() => undefined);
    },

    /** Waits until the jobs of the notifications received so far are queued (shutdown). */
    async queued(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    /** Waits until the notifications received so far have been tried (tests). */
    async settle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await deps.jobs.settled(NOTIFICATION_JOB);
    },

    newSandboxPaymentId: () => `SBX-${randomUUID()}`,

    // For money recorded by hand (payment-ledger, decision 020): the same pricing, crediting
    // and confirmation as a provider's payment.
    priceAndFreeze,
    confirmationMessages,
    creditWithin,

    async listCustomerOrders(customerId: number): Promise<Order[]> {
      const rows = await repo.findCustomerOrders(db, customerId);
      return Promise.all(rows.map((r) => orders.describeOrder(r)));
    },

    payFastCheckoutFields(
      order: Order,
      customer: { firstName: string; surname: string; email: string | null },
      email: string,
      totalCents: number,
    ) {
      const base = config.PUBLIC_URL;
      return {
        merchant_id: config.PAYFAST_MERCHANT_ID ?? '',
        merchant_key: config.PAYFAST_MERCHANT_KEY ?? '',
        return_url: `${base}${paths.confirmation.href({ id: order.id })}`,
        cancel_url: `${base}${paths.checkout.href()}${PAYMENT_CANCELLED_SEARCH}`,
        notify_url: `${base}${paymentsApi.payFastNotify.path}`,
        name_first: customer.firstName,
        name_last: customer.surname,
        email_address: email || customer.email || '',
        m_payment_id: String(order.id),
        amount: toRands(totalCents),
        item_name: `Eisteddfod entries ${order.orderNumber}`,
      };
    },
  };
}

/** PayFast's amounts: rands with at most two decimals ('160.00'). */
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The common fields of a notification, read from PayFast's names (the sandbox uses them too), or
 * undefined when its order id or amount is not one (NaN, an id past PostgreSQL's integers).
 */
function fromFields(provider: string, pairs: [string, string][]): repo.VerifiedPayment | undefined {
  const field = (name: string) => pairs.find(([k]) => k === name)?.[1] ?? '';
  const orderId = IdSchema.safeParse(field('m_payment_id'));
  const amount = field('amount_gross');
  const providerPaymentId = field('pf_payment_id');
  if (!orderId.success || !AMOUNT.test(amount) || providerPaymentId === '') return undefined;
  return {
    provider,
    providerPaymentId,
    orderId: orderId.data,
    amountCents: Math.round(Number(amount) * 100),
    isComplete: field('payment_status') === 'COMPLETE',
    payload: Object.fromEntries(pairs),
  };
}
