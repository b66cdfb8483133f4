import {
  calendarDateIn,
  formatRand,
  LEDGER_MESSAGES,
  type LedgerMovement,
  type MovementKind,
  type PaymentsPage,
  type RecordAdjustment,
  type RecordManualPayment,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import type { PaymentScope } from '../../plugins/scope.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { orderNumber, type OrdersService } from '../orders/index.ts';
import type { Outbox } from '../outbox/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import * as repo from './payment-ledger.repository.ts';
import { createReconciliation, providerNameOf } from './reconciliation.ts';

export type PaymentLedgerService = ReturnType<typeof createPaymentLedgerService>;

interface PaymentLedgerDependencies {
  db: Database;
  orders: OrdersService;
  payments: PaymentsService;
  outbox: Outbox;
  now: () => number;
}

const orderNotFound = (id: number) =>
  notFound('ORDER_NOT_FOUND', `There is no order with id ${id}`);

async function requireOrder(deps: PaymentLedgerDependencies, orderId: number) {
  const { db } = deps;
  const found = await repo.findOrder(db, orderId);
  if (!found) throw orderNotFound(orderId);
  return found;
}

/** The day may not be after today in the event's time zone. */
function checkNotFuture(deps: PaymentLedgerDependencies, receivedOn: string, timeZone: string) {
  if (receivedOn > calendarDateIn(new Date(deps.now()), timeZone)) {
    throw new AppError(400, 'VALIDATION_ERROR', LEDGER_MESSAGES.future);
  }
}

async function toMovement(
  deps: PaymentLedgerDependencies,
  row: repo.MovementRow,
  eventYear: number,
): Promise<LedgerMovement> {
  const { db } = deps;
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

/**
 * POST /api/Staff/Orders/:id/ManualPayments: a bank transfer or cash pays an unpaid order.
 * A cart is priced and frozen first, as checkout does; the amount must be the total. Answers
 * `created: false` with the first record when the same reference was recorded before.
 */
async function recordManualPayment(
  deps: PaymentLedgerDependencies,
  actorId: number,
  orderId: number,
  input: RecordManualPayment,
): Promise<{ created: boolean; movement: LedgerMovement }> {
  const { db, orders, payments, outbox } = deps;
  const found = await requireOrder(deps, orderId);
  checkNotFuture(deps, input.receivedOn, found.timeZone);
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
      return { created: true, movement: await toMovement(deps, result.movement, found.eventYear) };
    case 'duplicate':
      return { created: false, movement: await toMovement(deps, result.movement, found.eventYear) };
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
}

/**
 * POST /api/Staff/Orders/:id/Adjustments: a refund or a credit against a paid order. The
 * entries stay (fees are not refundable, spec 4): this records an exception the organiser
 * made, for the books.
 */
async function recordAdjustment(
  deps: PaymentLedgerDependencies,
  actorId: number,
  orderId: number,
  input: RecordAdjustment,
): Promise<{ created: boolean; movement: LedgerMovement }> {
  const { db } = deps;
  const found = await requireOrder(deps, orderId);
  checkNotFuture(deps, input.receivedOn, found.timeZone);
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
        movement: await toMovement(deps, result.movement, found.eventYear),
      };
    case 'not_paid':
      throw new AppError(409, 'NOT_PAYABLE', LEDGER_MESSAGES.notPaid);
    case 'exceeds_paid':
      throw new AppError(409, 'AMOUNT_EXCEEDS_PAID', LEDGER_MESSAGES.exceedsPaid);
  }
}

/** The movements recorded by hand for a family's orders (the family desk), newest first. */
async function movementsForCustomer(
  deps: PaymentLedgerDependencies,
  customerId: number,
): Promise<LedgerMovement[]> {
  const { db } = deps;
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
}

async function listPayments(
  deps: PaymentLedgerDependencies,
  scope: PaymentScope,
  query: {
    skip: number;
    take: number;
    eventId?: number | undefined;
    kind?: MovementKind | undefined;
    search: string;
  },
): Promise<PaymentsPage> {
  const { db } = deps;
  const page = await repo.findMovementsPage(
    db,
    scope,
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
      ...(r.kind === 'provider_payment' && r.method !== null
        ? { providerName: providerNameOf(r.method) }
        : {}),
      reference: r.reference,
      amountCents: r.amountCents,
      state: r.state,
      note: r.note,
    })),
  };
}

/**
 * The payment ledger (issue 17, decision 020): what providers reported, what organisers record
 * by hand (a bank transfer or cash that pays an order, a refund, a credit), and the totals that
 * reconcile them. A payment recorded by hand credits the order through payments' own path
 * (priceAndFreeze, confirmationMessages, creditWithin): the family is told as after a card.
 */
export function createPaymentLedgerService(deps: PaymentLedgerDependencies) {
  const { db } = deps;
  const reconciliation = createReconciliation(db);

  return {
    recordManualPayment: (actorId: number, orderId: number, input: RecordManualPayment) =>
      recordManualPayment(deps, actorId, orderId, input),

    recordAdjustment: (actorId: number, orderId: number, input: RecordAdjustment) =>
      recordAdjustment(deps, actorId, orderId, input),

    movementsForCustomer: (customerId: number) => movementsForCustomer(deps, customerId),

    listPayments: (
      scope: PaymentScope,
      query: {
        skip: number;
        take: number;
        eventId?: number | undefined;
        kind?: MovementKind | undefined;
        search: string;
      },
    ) => listPayments(deps, scope, query),

    listNotifications: reconciliation.listNotifications,
    reconciliation: reconciliation.reconciliation,

    /** Every movement in scope of an event (or of all), oldest first, a batch at a time (the export). */
    movementsBatch: (
      scope: PaymentScope,
      eventId: number | undefined,
      offset: number,
      limit: number,
    ) => repo.findMovementsBatch(db, scope, eventId, offset, limit),
  };
}
