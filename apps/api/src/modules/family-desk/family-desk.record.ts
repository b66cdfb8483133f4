import {
  calendarDateIn,
  haveEntriesOpened,
  isLateEntry,
  normaliseIdentifier,
  surchargeCents,
  type FamilyDetails,
  type FamilyOrder,
  type FamilyPayment,
  type LedgerMovement,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { FamilyScope } from '../../plugins/scope.ts';
import { toInternationalNumber } from '../accounts/index.ts';
import { findEarlyEntry, orderNumber } from '../orders/index.ts';
import { membershipsOfAccount } from '../teachers/index.ts';
import { familyEntries } from './family-desk.entries.ts';
import * as repo from './family-desk.repository.ts';
import type { FamilyDeskDependencies } from './family-desk.service.ts';

// A family's whole record as the desk shows it (issue 17, decision 021): its details, orders,
// payments, entries with their files, marks and certificates, and the messages sent to it.

type FamilyOrderRow = Awaited<ReturnType<typeof repo.findOrders>>[number]['order'];
type OrderRows = Awaited<ReturnType<typeof repo.findOrders>>;
type LineRow = Awaited<ReturnType<typeof repo.findOrderLines>>[number];

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const familyNotFound = (id: number) =>
  notFound('CUSTOMER_NOT_FOUND', `There is no family with id ${id}`);

/** The current event's opening for this family (decision 041). */
export async function entryWindowOf(
  deps: FamilyDeskDependencies,
  eventId: number,
  familyId: number,
) {
  const event = await deps.catalogue.getEvent(eventId);
  const early = await findEarlyEntry(deps.db, eventId, familyId);
  return {
    opensOn: event.dates.registrationOpens,
    open: haveEntriesOpened(event.dates.registrationOpens, new Date(deps.now()), event.timeZone),
    letInEarly: early ? { by: early.by, at: iso(early.at) } : null,
  };
}

export async function requireFamily(db: Database, scope: FamilyScope, id: number) {
  const row = await repo.findFamily(db, scope, id);
  if (!row) throw familyNotFound(id);
  return row;
}

/** A cart's total as paying it now would make it: today's prices and late surcharge. */
async function cartTotal(deps: FamilyDeskDependencies, order: FamilyOrderRow) {
  const described = await deps.orders.describeOrder({ ...order, totalCents: null });
  const event = await deps.catalogue.getEvent(order.eventId);
  const today = calendarDateIn(new Date(deps.now()), event.timeZone);
  const subtotal = described.totalPrice;
  return isLateEntry(today, event.dates.lateEntryFrom)
    ? subtotal + surchargeCents(subtotal, event.fees.lateSurchargePercent)
    : subtotal;
}

/** The addresses the family's messages went to, as the outbox holds them. */
function recipientsOf(
  family: repo.CustomerRow,
  identities: { channel: 'email' | 'mobile'; identifier: string }[],
  orders: FamilyOrderRow[],
): string[] {
  const emails = [
    family.email,
    ...identities.filter((i) => i.channel === 'email').map((i) => i.identifier),
    ...orders.map((o) => o.confirmationEmail),
  ].filter((e): e is string => !!e);
  const mobiles = [
    family.mobileNumber,
    ...identities.filter((i) => i.channel === 'mobile').map((i) => i.identifier),
  ].filter((m): m is string => !!m);
  const all = new Set<string>();
  for (const e of emails) {
    all.add(e);
    all.add(e.trim().toLowerCase());
  }
  for (const m of mobiles) {
    const digits = normaliseIdentifier('mobile', m);
    if (!digits) continue;
    all.add(toInternationalNumber(digits, family.country));
    all.add(`+${digits}`);
  }
  return [...all];
}

/** Everything the record is made from, read at once. */
async function readRecordRows(
  deps: FamilyDeskDependencies,
  family: repo.CustomerRow,
  familyId: number,
) {
  const { db } = deps;
  const [identities, contestants, orderRows] = await Promise.all([
    repo.findLoginIdentities(db, familyId),
    repo.findContestants(db, familyId),
    repo.findOrders(db, familyId),
  ]);
  const orderIds = orderRows.map((o) => o.order.id);
  const lines = await repo.findOrderLines(db, orderIds);
  const entryLines = lines.filter((l) => {
    const status = orderRows.find((o) => o.order.id === l.line.orderId)?.order.status;
    return status === 'paid' || status === 'awaiting_payment';
  });
  const entryIds = entryLines.map((l) => l.line.id);
  const ledger = deps.manualMovements();
  const [providerPayments, manual, uploads, slots, members, marked, certs, messages, pictures] =
    await Promise.all([
      repo.findPayments(db, orderIds),
      ledger ? ledger(familyId) : Promise.resolve([]),
      repo.findUploads(db, entryIds),
      repo.findVideoSlots(db, entryIds),
      repo.findGroupMembers(db, entryIds),
      repo.findMarks(db, entryIds),
      repo.findCertificates(db, entryIds),
      repo.findMessages(
        db,
        recipientsOf(
          family,
          identities,
          orderRows.map((o) => o.order),
        ),
      ),
      Promise.all(contestants.map((c) => deps.pictures.pictureOf(c.id))),
    ]);
  return {
    identities,
    contestants,
    orderRows,
    lines,
    entryLines,
    manualPaymentsShown: ledger !== undefined,
    providerPayments,
    manual,
    uploads,
    slots,
    members,
    marked,
    certs,
    messages,
    pictures,
  };
}

function familyOrders(
  deps: FamilyDeskDependencies,
  orderRows: OrderRows,
  lines: LineRow[],
  numberOf: Map<number, string>,
): Promise<FamilyOrder[]> {
  return Promise.all(
    orderRows.map(async ({ order, eventName }) => ({
      id: order.id,
      orderNumber: numberOf.get(order.id)!,
      eventName,
      status: order.status,
      isImported: order.isImported,
      sendWhatsAppConfirmation: order.sendWhatsAppConfirmation,
      confirmationEmail: order.confirmationEmail,
      subtotalCents: order.subtotalCents,
      surchargeCents: order.surchargeCents,
      totalCents: order.totalCents ?? (await cartTotal(deps, order)),
      createdAt: iso(order.createdAt),
      checkedOutAt: isoOrNull(order.checkedOutAt),
      completedAt: isoOrNull(order.completedAt),
      items: lines
        .filter((l) => l.line.orderId === order.id)
        .map((l) => ({
          id: l.line.id,
          contestant: `${l.firstName} ${l.surname}`,
          itemCode: l.itemCode,
          itemShortDescription: l.itemShortDescription,
          priceCents: l.line.priceCents,
          isCancelled: l.line.isCancelled,
        })),
    })),
  );
}

function familyPayments(
  providerPayments: Awaited<ReturnType<typeof repo.findPayments>>,
  manual: LedgerMovement[],
  numberOf: Map<number, string>,
): FamilyPayment[] {
  return [
    ...providerPayments.map((p) => ({
      key: `provider:${p.id}`,
      source: 'provider' as const,
      kind: 'provider_payment',
      orderId: p.orderId,
      orderNumber: numberOf.get(p.orderId) ?? String(p.orderId),
      method: p.provider,
      reference: p.providerPaymentId,
      amountCents: p.amountCents,
      status: p.status,
      at: iso(p.receivedAt),
    })),
    ...manual.map((m) => ({
      key: `manual:${m.id}`,
      source: 'manual' as const,
      kind: m.kind,
      orderId: m.orderId,
      orderNumber: m.orderNumber,
      method: m.method,
      reference: m.reference,
      amountCents: m.amountCents,
      status: 'recorded',
      at: m.createdAt,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

/** A contestant's picture for the organiser's check: a signed link to its viewable copy. */
function pictureShown(
  deps: FamilyDeskDependencies,
  file: Awaited<ReturnType<FamilyDeskDependencies['pictures']['pictureOf']>>,
) {
  return file ? { link: deps.pictures.linkFor(file), name: file.originalName } : null;
}

/** The family's details, contestants and messages, as the record shows them. */
function familyPeople(
  deps: FamilyDeskDependencies,
  family: repo.CustomerRow,
  rows: Awaited<ReturnType<typeof readRecordRows>>,
): Pick<FamilyDetails, 'family' | 'contestants' | 'messages'> {
  return {
    family: {
      id: family.id,
      firstName: family.firstName,
      surname: family.surname,
      email: family.email,
      mobileNumber: family.mobileNumber,
      country: family.country,
      createdAt: iso(family.createdAt),
      identities: rows.identities.map((i) => ({
        channel: i.channel,
        identifier: i.identifier,
        verified: i.verifiedAt !== null,
      })),
    },
    contestants: rows.contestants.map((c, i) => ({
      id: c.id,
      firstName: c.firstName,
      surname: c.surname,
      email: c.email,
      mobileNumber: c.mobileNumber,
      school: c.school,
      grade: c.grade,
      gender: c.gender,
      acceptedTermsAt: isoOrNull(c.acceptedTermsAt),
      acceptedHonourPledgeAt: isoOrNull(c.acceptedHonourPledgeAt),
      createdAt: iso(c.createdAt),
      updatedAt: iso(c.updatedAt),
      picture: pictureShown(deps, rows.pictures[i]),
    })),
    messages: rows.messages.map((m) => ({
      id: m.id,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: iso(m.createdAt),
      sentAt: isoOrNull(m.sentAt),
    })),
  };
}

/** A family's whole record, as GET /api/Staff/Families/{id} answers it. */
export async function familyDetails(
  deps: FamilyDeskDependencies,
  scope: FamilyScope,
  familyId: number,
): Promise<FamilyDetails> {
  const family = await requireFamily(deps.db, scope, familyId);
  const rows = await readRecordRows(deps, family, familyId);
  const numberOf = new Map(
    rows.orderRows.map((o) => [o.order.id, orderNumber(o.eventYear, o.order.id)]),
  );
  const orders = await familyOrders(deps, rows.orderRows, rows.lines, numberOf);
  const payments = familyPayments(rows.providerPayments, rows.manual, numberOf);
  const entries = familyEntries(rows, numberOf);

  const currentEventId = await deps.catalogue.currentEventId();
  const fees =
    currentEventId === undefined ? undefined : await repo.findEventFees(deps.db, currentEventId);
  const entryWindow =
    currentEventId === undefined ? null : await entryWindowOf(deps, currentEventId, family.id);
  const { family: familyShown, contestants, messages } = familyPeople(deps, family, rows);
  return {
    family: familyShown,
    fees: fees ?? { amendmentCents: 0, changeCents: 0 },
    entryWindow,
    contestants,
    orders,
    payments,
    manualPaymentsShown: rows.manualPaymentsShown,
    entries,
    messages,
    teaching: await membershipsOfAccount(deps.db, family.id),
  };
}
