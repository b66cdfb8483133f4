import {
  FAMILY_DESK_MESSAGES,
  type ChangeEntryItem,
  type ConfirmationResent,
  type CorrectContestant,
  type FamilyDeskFee,
  type FamilyDetails,
  type RegenerateFamilyCertificates,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { letInEarly, orderNumber } from '../orders/index.ts';
import { entryWindowOf, familyDetails, requireFamily } from './family-desk.record.ts';
import * as repo from './family-desk.repository.ts';
import type { DeskCaller, FamilyDeskDependencies } from './family-desk.service.ts';

// The corrections a family can no longer make, each audited with the organiser, before and
// after, and whether spec 9's fee applies (decision 021).

const entryNotFound = (id: number) =>
  notFound('ORDER_ITEM_NOT_FOUND', `This family has no entry with id ${id}`);

/** The fee of the action, as the audit entry records it. */
async function fee(
  db: Database,
  kind: FamilyDeskFee,
  applies: boolean,
  eventId: number | undefined,
) {
  const fees = eventId === undefined ? undefined : await repo.findEventFees(db, eventId);
  const amountCents = fees ? (kind === 'change' ? fees.changeCents : fees.amendmentCents) : 0;
  return { kind, applies, amountCents };
}

/** An entry of this family (an order line of one of its orders), or 404. */
async function requireEntry(db: Database, familyId: number, orderItemId: number) {
  const orders = await repo.findOrders(db, familyId);
  const lines = await repo.findOrderLines(
    db,
    orders.map((o) => o.order.id),
  );
  const line = lines.find((l) => l.line.id === orderItemId);
  const order = line && orders.find((o) => o.order.id === line.line.orderId);
  if (!line || !order) throw entryNotFound(orderItemId);
  return { line, order: order.order };
}

/**
 * Corrects a contestant with the edit screen's checks (contestants.checkDetails), whatever
 * the family may still do; the amendment fee is noted, not charged (decision 021).
 */
export async function correctContestant(
  deps: FamilyDeskDependencies,
  { customerId: organiserId, families }: DeskCaller,
  familyId: number,
  contestantId: number,
  input: CorrectContestant,
): Promise<FamilyDetails> {
  const { db } = deps;
  await requireFamily(db, families, familyId);
  const before = await repo.findContestant(db, familyId, contestantId);
  if (!before) {
    throw notFound('PROFILE_NOT_FOUND', `This family has no contestant with id ${contestantId}`);
  }
  await deps.contestants.checkDetails(input);
  const values = {
    firstName: input.firstName,
    surname: input.surname,
    email: input.email || null,
    mobileNumber: input.mobileNumber || null,
    school: input.school,
    grade: input.grade,
    gender: input.gender ?? null,
  };
  const charged = await fee(
    db,
    'amendment',
    input.feeApplies,
    await deps.catalogue.currentEventId(),
  );
  await db.transaction(async (tx) => {
    await repo.updateContestant(tx, contestantId, values, new Date(deps.now()));
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'family_desk.contestant_corrected',
      entityType: 'participant_profile',
      entityId: contestantId,
      details: {
        familyId,
        before: {
          firstName: before.firstName,
          surname: before.surname,
          email: before.email,
          mobileNumber: before.mobileNumber,
          school: before.school,
          grade: before.grade,
          gender: before.gender,
        },
        after: values,
        fee: charged,
      },
    });
  });
  return familyDetails(deps, families, familyId);
}

/** The orders module's rules for changing an entry's item, with the due dates waived. */
export async function changeEntryItem(
  deps: FamilyDeskDependencies,
  { customerId: organiserId, families }: DeskCaller,
  familyId: number,
  orderItemId: number,
  input: ChangeEntryItem,
): Promise<FamilyDetails> {
  await requireFamily(deps.db, families, familyId);
  const { order } = await requireEntry(deps.db, familyId, orderItemId);
  if (order.status !== 'paid' && order.status !== 'awaiting_payment') {
    throw new AppError(409, 'NOT_PAYABLE', 'A cart is changed by the family itself.');
  }
  const charged = await fee(deps.db, 'change', input.feeApplies, order.eventId);
  await deps.orders.changeEntryItem(
    familyId,
    orderItemId,
    { itemId: input.itemId },
    { organiserId, details: { familyId, fee: charged } },
  );
  return familyDetails(deps, families, familyId);
}

/**
 * Lets the family enter the current event before its registration opens (decision 041),
 * audited; letting it in again changes nothing. Once entries are open it is refused: a
 * grant then would say something that does nothing.
 */
export async function letFamilyInEarly(
  deps: FamilyDeskDependencies,
  { customerId: organiserId, families }: DeskCaller,
  familyId: number,
): Promise<FamilyDetails> {
  await requireFamily(deps.db, families, familyId);
  const eventId = await deps.catalogue.currentEventId();
  if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', 'No event has been set up yet');
  if ((await entryWindowOf(deps, eventId, familyId)).open)
    throw new AppError(409, 'ENTRIES_OPEN', 'Entries for the current event are open already.');
  await deps.db.transaction(async (tx) => {
    if (!(await letInEarly(tx, { eventId, customerId: familyId, grantedBy: organiserId }))) return;
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'family_desk.let_in_early',
      entityType: 'customer',
      entityId: familyId,
      details: {
        familyId,
        eventId,
        before: { letInEarly: false },
        after: { letInEarly: true },
      },
    });
  });
  return familyDetails(deps, families, familyId);
}

/** The payment confirmation of a paid order again, the payments module's own text. */
export async function resendConfirmation(
  deps: FamilyDeskDependencies,
  { customerId: organiserId, families }: DeskCaller,
  familyId: number,
  orderId: number,
): Promise<ConfirmationResent> {
  const { db } = deps;
  await requireFamily(db, families, familyId);
  const found = (await repo.findOrders(db, familyId)).find((o) => o.order.id === orderId);
  if (!found) throw notFound('ORDER_NOT_FOUND', `This family has no order with id ${orderId}`);
  if (found.order.status !== 'paid') {
    throw new AppError(409, 'ORDER_NOT_PAID', FAMILY_DESK_MESSAGES.notPaid);
  }
  const messages = await deps.confirmationMessages(orderId);
  if (messages.length === 0) {
    throw new AppError(
      409,
      'NO_ADDRESS_FOR_CHANNEL',
      'This family has no email address or WhatsApp number to send it to.',
    );
  }
  const sent = messages.map((m) => ({ channel: m.channel, recipient: m.recipient }));
  await db.transaction(async (tx) => {
    await deps.outbox.enqueueWithin(tx, messages);
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'family_desk.confirmation_resent',
      entityType: 'order',
      entityId: orderId,
      details: {
        familyId,
        orderNumber: orderNumber(found.eventYear, orderId),
        before: { status: found.order.status },
        after: { status: found.order.status, sent },
      },
    });
  });
  deps.outbox.deliverSoon(messages.length);
  return { messages: sent };
}

/** certificates.regenerate (which logs its own entry), with the codes and the fee noted. */
export async function regenerateCertificates(
  deps: FamilyDeskDependencies,
  { customerId: organiserId, families }: DeskCaller,
  familyId: number,
  orderItemId: number,
  input: RegenerateFamilyCertificates,
): Promise<{ certificates: number }> {
  const { db } = deps;
  await requireFamily(db, families, familyId);
  const { order } = await requireEntry(db, familyId, orderItemId);
  const current = (ids: number[]) =>
    repo
      .findCertificates(db, ids)
      .then((rows) => rows.filter((r) => r.supersededAt === null).map((r) => r.verificationCode));
  const before = await current([orderItemId]);
  const count = await deps.certificates.regenerate(organiserId, orderItemId);
  await audit(db, {
    actorCustomerId: organiserId,
    action: 'family_desk.certificates_regenerated',
    entityType: 'order_item',
    entityId: orderItemId,
    details: {
      familyId,
      before: { certificates: before },
      after: { certificates: await current([orderItemId]) },
      fee: await fee(db, 'amendment', input.feeApplies, order.eventId),
    },
  });
  return { certificates: count };
}
