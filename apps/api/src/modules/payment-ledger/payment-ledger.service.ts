import {
  calendarDateIn,
  formatRand,
  LEDGER_MESSAGES,
  type Discrepancy,
  type LedgerMovement,
  type MovementKind,
  type NotificationsPage,
  type PaymentsPage,
  type Reconciliation,
  type RecordAdjustment,
  type RecordManualPayment,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { orderNumber, type OrdersService } from '../orders/index.ts';
import type { Outbox } from '../outbox/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { MAX_NOTIFICATION_ATTEMPTS } from '../payments/index.ts';
import * as repo from './payment-ledger.repository.ts';

export type PaymentLedgerService = ReturnType<typeof createPaymentLedgerService>;

interface PaymentLedgerDependencies {
  db: Database;
  orders: OrdersService;
  payments: PaymentsService;
  outbox: Outbox;
  now: () => number;
}

/** Why a notification did not credit an order, in words for the organiser. */
const NOTIFICATION_REASONS: Record<repo.FailedOutcome, string> = {
  bad_signature: 'The signature did not match: not sent by the provider, or changed on the way.',
  wrong_merchant: 'It named another merchant account.',
  not_confirmed: 'PayFast did not confirm it when asked.',
  malformed: 'Its order number, amount or payment id could not be read.',
  unknown_order: 'It named an order that does not exist.',
  already_paid: 'The order was paid already: the family may have paid twice (refund it).',
  not_awaiting_payment: 'The order was not awaiting payment (still a cart, or cancelled).',
  not_complete: 'The provider did not report the payment complete.',
  amount_mismatch: "The amount differs from the order's total.",
  checkout_expired:
    "It came after the day of the order's checkout had ended, when the late-entry surcharge or an item's deadline may apply, or an entry in it is not for its child's grade: check the entries, then record the payment by hand or refund it.",
};

const orderNotFound = (id: number) =>
  notFound('ORDER_NOT_FOUND', `There is no order with id ${id}`);

/**
 * The payment ledger (issue 17, decision 020): what providers reported, what organisers record
 * by hand (a bank transfer or cash that pays an order, a refund, a credit), and the totals that
 * reconcile them. A payment recorded by hand credits the order through payments' own path
 * (priceAndFreeze, confirmationMessages, creditWithin): the family is told as after a card.
 */
export function createPaymentLedgerService(deps: PaymentLedgerDependencies) {
  const { db, orders, payments, outbox } = deps;

  async function requireOrder(orderId: number) {
    const found = await repo.findOrder(db, orderId);
    if (!found) throw orderNotFound(orderId);
    return found;
  }

  /** The day may not be after today in the event's time zone. */
  function checkNotFuture(receivedOn: string, timeZone: string) {
    if (receivedOn > calendarDateIn(new Date(deps.now()), timeZone)) {
      throw new AppError(400, 'VALIDATION_ERROR', LEDGER_MESSAGES.future);
    }
  }

  async function toMovement(row: repo.MovementRow, eventYear: number): Promise<LedgerMovement> {
    const by = row.recordedBy === null ? undefined : await repo.findRecorder(db, row.recordedBy);
    return {
      id: row.id,
      kind: row.kind,
      method: row.method,
      reference: row.reference,
      amountCents: row.amountCents,
      orderId: row.orderId,
      orderNumber: orderNumber(eventYear, row.orderId),
      receivedOn: row.receivedOn,
      note: row.note,
      recordedBy: by ? `${by.firstName} ${by.surname}` : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    /**
     * POST /api/Staff/Orders/:id/ManualPayments: a bank transfer or cash pays an unpaid order.
     * A cart is priced and frozen first, as checkout does; the amount must be the total. Answers
     * `created: false` with the first record when the same reference was recorded before.
     */
    async recordManualPayment(
      actorId: number,
      orderId: number,
      input: RecordManualPayment,
    ): Promise<{ created: boolean; movement: LedgerMovement }> {
      const found = await requireOrder(orderId);
      checkNotFuture(input.receivedOn, found.timeZone);
      const movement: repo.NewMovement = {
        kind: 'manual_payment',
        method: input.method,
        reference: input.reference,
        amountCents: input.amountCents,
        receivedOn: input.receivedOn,
        note: null,
        recordedBy: actorId,
      };
      const before = found.order.status;
      if (before === 'cart') {
        // Priced on the server, as at checkout; nothing is frozen when the amount differs.
        const described = await orders.describeOrder({ ...found.order, totalCents: null });
        await payments.priceAndFreeze(
          described,
          {
            email: found.order.confirmationEmail ?? found.email ?? '',
            whatsApp: found.order.sendWhatsAppConfirmation,
          },
          input.amountCents,
        );
      }
      // Read before the transaction, as for a provider's payment: frozen lines do not change.
      const messages = await payments.confirmationMessages(orderId);
      const result = await repo.recordManualPayment(db, orderId, movement, (tx, row) =>
        payments.creditWithin(tx, orderId, messages, {
          actorCustomerId: actorId,
          imported: true,
          details: {
            before: { status: before === 'cart' ? 'awaiting_payment' : before },
            after: { status: 'paid', isImported: true },
            method: row.method,
            reference: row.reference,
            amountCents: row.amountCents,
            receivedOn: row.receivedOn,
            movementId: row.id,
          },
        }),
      );
      switch (result.outcome) {
        case 'recorded':
          outbox.deliverSoon(messages.length);
          return { created: true, movement: await toMovement(result.movement, found.eventYear) };
        case 'duplicate':
          return { created: false, movement: await toMovement(result.movement, found.eventYear) };
        case 'already_paid':
          throw new AppError(409, 'ALREADY_PAID', 'This order has been paid already.');
        case 'not_payable':
          throw new AppError(409, 'NOT_PAYABLE', LEDGER_MESSAGES.notPayable);
        case 'amount_mismatch':
          throw new AppError(
            409,
            'PRICE_DIFFERS',
            `${LEDGER_MESSAGES.amountDiffers} (${formatRand(found.order.totalCents ?? 0)})`,
          );
      }
    },

    /**
     * POST /api/Staff/Orders/:id/Adjustments: a refund or a credit against a paid order. The
     * entries stay (fees are not refundable, spec 4): this records an exception the organiser
     * made, for the books.
     */
    async recordAdjustment(
      actorId: number,
      orderId: number,
      input: RecordAdjustment,
    ): Promise<{ created: boolean; movement: LedgerMovement }> {
      const found = await requireOrder(orderId);
      checkNotFuture(input.receivedOn, found.timeZone);
      const result = await repo.recordAdjustment(
        db,
        orderId,
        {
          kind: input.kind,
          method: input.method,
          reference: input.reference,
          amountCents: input.amountCents,
          receivedOn: input.receivedOn,
          note: input.reason,
          recordedBy: actorId,
        },
        (tx, row) =>
          audit(tx, {
            actorCustomerId: actorId,
            action: `order.${row.kind}`,
            entityType: 'order',
            entityId: orderId,
            details: {
              before: null,
              after: {
                kind: row.kind,
                method: row.method,
                reference: row.reference,
                amountCents: row.amountCents,
                receivedOn: row.receivedOn,
                reason: row.note,
              },
              movementId: row.id,
            },
          }),
      );
      switch (result.outcome) {
        case 'recorded':
        case 'duplicate':
          return {
            created: result.outcome === 'recorded',
            movement: await toMovement(result.movement, found.eventYear),
          };
        case 'not_paid':
          throw new AppError(409, 'NOT_PAYABLE', LEDGER_MESSAGES.notPaid);
        case 'exceeds_paid':
          throw new AppError(409, 'AMOUNT_EXCEEDS_PAID', LEDGER_MESSAGES.exceedsPaid);
      }
    },

    /** The movements recorded by hand for a family's orders (the family desk), newest first. */
    async movementsForCustomer(customerId: number): Promise<LedgerMovement[]> {
      const rows = await repo.findCustomerMovements(db, customerId);
      return rows.map((r) => ({
        id: r.movement.id,
        kind: r.movement.kind,
        method: r.movement.method,
        reference: r.movement.reference,
        amountCents: r.movement.amountCents,
        orderId: r.movement.orderId,
        orderNumber: orderNumber(r.eventYear, r.movement.orderId),
        receivedOn: r.movement.receivedOn,
        note: r.movement.note,
        recordedBy:
          r.recordedByFirstName === null ? null : `${r.recordedByFirstName} ${r.recordedBySurname}`,
        createdAt: r.movement.createdAt.toISOString(),
      }));
    },

    async listPayments(query: {
      skip: number;
      take: number;
      eventId?: number | undefined;
      kind?: MovementKind | undefined;
      search: string;
    }): Promise<PaymentsPage> {
      const page = await repo.findMovementsPage(
        db,
        {
          ...(query.eventId !== undefined ? { eventId: query.eventId } : {}),
          ...(query.kind !== undefined ? { kind: query.kind } : {}),
          search: query.search,
        },
        query.skip,
        query.take,
      );
      return {
        total: page.total,
        rows: page.rows.map((r) => ({
          key: r.key,
          kind: r.kind,
          at: r.at.toISOString(),
          date: r.date,
          orderId: r.orderId,
          orderNumber: orderNumber(r.eventYear, r.orderId),
          familyName: r.familyName,
          eventId: r.eventId,
          method: r.method,
          reference: r.reference,
          amountCents: r.amountCents,
          state: r.state,
          note: r.note,
        })),
      };
    },

    async listNotifications(query: {
      skip: number;
      take: number;
      eventId?: number | undefined;
      failedOnly: boolean;
    }): Promise<NotificationsPage> {
      const page = await repo.findNotificationsPage(
        db,
        {
          ...(query.eventId !== undefined ? { eventId: query.eventId } : {}),
          failedOnly: query.failedOnly,
          maxAttempts: MAX_NOTIFICATION_ATTEMPTS,
        },
        query.skip,
        query.take,
      );
      return {
        total: page.total,
        rows: page.rows.map((n) => {
          const amount = n.amount !== null && /^\d{1,9}(\.\d{1,2})?$/.test(n.amount);
          const reason =
            n.outcome !== null && n.outcome in NOTIFICATION_REASONS
              ? NOTIFICATION_REASONS[n.outcome as keyof typeof NOTIFICATION_REASONS]
              : n.failed
                ? `Not processed after ${n.attempts} attempts.`
                : null;
          return {
            id: Number(n.id),
            provider: n.provider,
            at: new Date(n.received_at).toISOString(),
            orderId: n.order_id === null ? null : Number(n.order_id),
            orderNumber:
              n.order_id === null || n.event_year === null
                ? null
                : orderNumber(Number(n.event_year), Number(n.order_id)),
            providerReference: n.provider_reference ? decodeField(n.provider_reference) : null,
            amountCents: amount ? Math.round(Number(n.amount) * 100) : null,
            providerState: n.provider_state ? decodeField(n.provider_state) : null,
            outcome: n.outcome ?? (n.processed_at === null ? 'pending' : null),
            failed: Boolean(n.failed),
            reason,
          };
        }),
      };
    },

    /**
     * The totals of an event (or of all): charged to families (paid orders' totals), reported
     * by providers (credited), recorded by hand, refunded, credited; and the orders that
     * explain a difference.
     */
    async reconciliation(eventId: number | undefined): Promise<Reconciliation> {
      const money = await repo.findOrderMoney(db, eventId);
      const sum = (pick: (m: (typeof money)[number]) => number) =>
        money.reduce((total, m) => total + pick(m), 0);
      const paid = money.filter((m) => m.status === 'paid');
      const chargedCents = paid.reduce((total, m) => total + (m.totalCents ?? 0), 0);
      const providerCents = sum((m) => m.providerCents);
      const manualCents = sum((m) => m.manualCents);
      const refundCents = sum((m) => m.refundCents);
      const creditCents = sum((m) => m.creditCents);
      const discrepancies: Discrepancy[] = [];
      for (const m of money) {
        const receivedCents = m.providerCents + m.manualCents;
        const totalCents = m.totalCents ?? 0;
        const base = {
          orderId: m.orderId,
          orderNumber: orderNumber(m.eventYear, m.orderId),
          familyName: m.familyName,
          totalCents,
          receivedCents,
        };
        if (m.status === 'paid' && receivedCents === 0) {
          discrepancies.push({ ...base, reason: 'Paid, but no payment is recorded.' });
        } else if (m.status === 'paid' && receivedCents !== totalCents) {
          discrepancies.push({
            ...base,
            reason: `Received ${formatRand(receivedCents)}, the total is ${formatRand(totalCents)}.`,
          });
        } else if (m.status !== 'paid' && receivedCents > 0) {
          discrepancies.push({ ...base, reason: 'Money was credited but the order is not paid.' });
        }
        for (const other of m.sameReference) {
          discrepancies.push({
            ...base,
            reason: `The same reference also paid order ${orderNumber(other.year, other.id)}: check the bank statement.`,
          });
        }
        if (m.uncreditedCents > 0) {
          discrepancies.push({
            ...base,
            reason: `A provider reported ${formatRand(m.uncreditedCents)} that was not credited (${m.uncreditedStates ?? ''}): check it and refund it if it was taken.`,
          });
        }
      }
      return {
        chargedCents,
        paidOrders: paid.length,
        providerCents,
        manualCents,
        refundCents,
        creditCents,
        netCents: providerCents + manualCents - refundCents - creditCents,
        differenceCents: providerCents + manualCents - chargedCents,
        discrepancies,
      };
    },

    /** Every movement of an event (or of all), oldest first, a batch at a time (the export). */
    movementsBatch: (eventId: number | undefined, offset: number, limit: number) =>
      repo.findMovementsBatch(db, eventId, offset, limit),
  };
}

/** A form field as it was sent: '+' for a space and %-escapes. */
function decodeField(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}
