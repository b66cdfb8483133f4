import {
  calendarDateIn,
  FAMILY_DESK_MESSAGES,
  haveEntriesOpened,
  isLateEntry,
  medalFor,
  normaliseIdentifier,
  surchargeCents,
  type ChangeEntryItem,
  type ConfirmationResent,
  type CorrectContestant,
  type FamilyDeskFee,
  type FamilyDetails,
  type FamilyEntry,
  type FamilyMatch,
  type FamilyOrder,
  type FamilyPayment,
  type FamilySearchPage,
  type FamilySearchQuery,
  type LedgerMovement,
  type RegenerateFamilyCertificates,
} from '@eisteddfod/shared';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { likeContains } from '../../lib/like.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { FamilyScope } from '../../plugins/scope.ts';
import { toInternationalNumber } from '../accounts/index.ts';
import type { CertificatesService } from '../results-day/index.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { ContestantsService } from '../contestants/index.ts';
import { findEarlyEntry, letInEarly } from '../orders/index.ts';
import { orderNumber, type OrdersService } from '../orders/index.ts';
import type { Outbox, OutboxMessage } from '../outbox/index.ts';
import * as repo from './family-desk.repository.ts';

/** The organiser at the desk, and the families their scope reaches (plugins/scope.ts). */
export interface DeskCaller {
  customerId: number;
  families: FamilyScope;
}

export interface FamilyDeskDependencies {
  db: Database;
  catalogue: CatalogueService;
  orders: OrdersService;
  contestants: ContestantsService;
  certificates: CertificatesService;
  outbox: Outbox;
  /** The payments service's confirmation of a paid order (one text, payments.service). */
  confirmationMessages: (orderId: number) => Promise<OutboxMessage[]>;
  /**
   * The seam to the payment ledger (decision 020): the movements recorded by hand for a
   * customer's orders, or undefined when this build has no ledger.
   */
  manualMovements: () => ((customerId: number) => Promise<LedgerMovement[]>) | undefined;
  now: () => number;
}

const ORDER_NUMBER = /^e?(\d{4})-0*(\d{1,9})$/i;

/** The order "E2025-000123" (orders.service orderNumber) names; also "2025-123". */
export function parseOrderNumber(text: string): { id: number; year: number } | undefined {
  const match = ORDER_NUMBER.exec(text.replace(/\s+/g, ''));
  if (!match) return undefined;
  const id = Number(match[2]);
  return id > 0 && id <= 2_147_483_647 ? { id, year: Number(match[1]) } : undefined;
}

/**
 * The digits of a text that is a phone number and nothing else, as families type them (without
 * the country code, spec 2): "+27 82 123 4567" becomes its national number, leading zeros go.
 */
export function mobileDigits(text: string): string | undefined {
  if (!/^[\d\s+()-]+$/.test(text)) return undefined;
  const international = text.trim().startsWith('+') ? parsePhoneNumberFromString(text) : undefined;
  const digits = international?.nationalNumber ?? normaliseIdentifier('mobile', text);
  return digits.length >= 4 ? digits : undefined;
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const familyNotFound = (id: number) =>
  notFound('CUSTOMER_NOT_FOUND', `There is no family with id ${id}`);
const entryNotFound = (id: number) =>
  notFound('ORDER_ITEM_NOT_FOUND', `This family has no entry with id ${id}`);

/**
 * The family desk (issue 17, decision 021): find a family, read its whole record, and make the
 * corrections a family can no longer make, each audited with the organiser, before and after,
 * and whether spec 9's fee applies.
 */
export function createFamilyDeskService(deps: FamilyDeskDependencies) {
  const { db } = deps;

  /** The current event's opening for this family (decision 041). */
  async function entryWindowOf(eventId: number, familyId: number) {
    const event = await deps.catalogue.getEvent(eventId);
    const early = await findEarlyEntry(db, eventId, familyId);
    return {
      opensOn: event.dates.registrationOpens,
      open: haveEntriesOpened(event.dates.registrationOpens, new Date(deps.now()), event.timeZone),
      letInEarly: early ? { by: early.by, at: iso(early.at) } : null,
    };
  }

  async function requireFamily(scope: FamilyScope, id: number) {
    const row = await repo.findFamily(db, scope, id);
    if (!row) throw familyNotFound(id);
    return row;
  }

  /** The fee of the action, as the audit entry records it. */
  async function fee(kind: FamilyDeskFee, applies: boolean, eventId: number | undefined) {
    const fees = eventId === undefined ? undefined : await repo.findEventFees(db, eventId);
    const amountCents = fees ? (kind === 'change' ? fees.changeCents : fees.amendmentCents) : 0;
    return { kind, applies, amountCents };
  }

  /** An entry of this family (an order line of one of its orders), or 404. */
  async function requireEntry(familyId: number, orderItemId: number) {
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

  /** A cart's total as paying it now would make it: today's prices and late surcharge. */
  async function cartTotal(order: FamilyOrderRow) {
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

  async function details(scope: FamilyScope, familyId: number): Promise<FamilyDetails> {
    const family = await requireFamily(scope, familyId);
    const [identities, contestants, orderRows] = await Promise.all([
      repo.findLoginIdentities(db, familyId),
      repo.findContestants(db, familyId),
      repo.findOrders(db, familyId),
    ]);
    const orderIds = orderRows.map((o) => o.order.id);
    const numberOf = new Map(
      orderRows.map((o) => [o.order.id, orderNumber(o.eventYear, o.order.id)]),
    );
    const lines = await repo.findOrderLines(db, orderIds);
    const entryLines = lines.filter((l) => {
      const status = orderRows.find((o) => o.order.id === l.line.orderId)?.order.status;
      return status === 'paid' || status === 'awaiting_payment';
    });
    const entryIds = entryLines.map((l) => l.line.id);
    const ledger = deps.manualMovements();
    const [providerPayments, manual, uploads, slots, marked, certs, messages] = await Promise.all([
      repo.findPayments(db, orderIds),
      ledger ? ledger(familyId) : Promise.resolve([]),
      repo.findUploads(db, entryIds),
      repo.findVideoSlots(db, entryIds),
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
    ]);

    const orders: FamilyOrder[] = await Promise.all(
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
        totalCents: order.totalCents ?? (await cartTotal(order)),
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

    const payments: FamilyPayment[] = [
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

    const entries: FamilyEntry[] = entryLines.map((l) => {
      const order = orderRows.find((o) => o.order.id === l.line.orderId)!.order;
      const own = uploads.filter((u) => u.orderItemId === l.line.id);
      const recorded = new Set(own.map((u) => u.videoId).filter(Boolean));
      const mark = marked.marks.find((m) => m.orderItemId === l.line.id);
      return {
        id: l.line.id,
        eventId: order.eventId,
        orderId: order.id,
        orderNumber: numberOf.get(order.id)!,
        participantProfileId: l.line.participantProfileId,
        contestant: `${l.firstName} ${l.surname}`,
        itemId: l.line.itemId,
        itemCode: l.itemCode,
        itemShortDescription: l.itemShortDescription,
        section: l.section,
        isGroupItem: l.isGroupItem,
        groupName: l.line.groupName,
        paid: order.status === 'paid',
        withdrawn: l.line.isCancelled,
        filesComplete: own.some((u) => u.uploadType === 2 && !u.isDeleted),
        finalised: l.line.isSubmittedForMarking,
        finalisedAt: isoOrNull(l.line.submittedForMarkingAt),
        files: [
          ...own.map((u) => ({
            key: `upload:${u.id}`,
            kind: u.uploadType === 2 ? ('main' as const) : ('supporting' as const),
            name: u.originalFileName,
            sizeInBytes: u.sizeInBytes,
            state: u.isDeleted ? ('deleted' as const) : ('uploaded' as const),
            at: iso(u.createdAt),
          })),
          // A video on its way over tus, or arrived but not yet recorded as the entry's file.
          ...slots
            .filter((s) => !recorded.has(s.id))
            .filter((s) => s.orderItemId === l.line.id)
            .map((s) => ({
              key: `video:${s.id}`,
              kind: 'video' as const,
              name: s.originalFileName ?? s.title,
              sizeInBytes: s.storageSize,
              state: s.completedAt ? ('received' as const) : ('uploading' as const),
              at: iso(s.createdAt),
            })),
        ],
        mark: mark
          ? {
              status: mark.status,
              total: mark.total,
              medal: mark.status === 'submitted' ? medalFor(mark.total) : null,
              comment: mark.comment,
              scores: marked.scores
                .filter((s) => s.markId === mark.id)
                .map(({ name, value, maxValue }) => ({ name, value, maxValue })),
              publishedAt: isoOrNull(mark.publishedAt),
            }
          : null,
        certificates: certs
          .filter((c) => c.orderItemId === l.line.id)
          .map((c) => ({
            id: c.id,
            name: `${c.firstName} ${c.surname}`,
            verificationCode: c.verificationCode,
            issuedAt: iso(c.issuedAt),
            supersededAt: isoOrNull(c.supersededAt),
          })),
      };
    });

    const currentEventId = await deps.catalogue.currentEventId();
    const fees =
      currentEventId === undefined ? undefined : await repo.findEventFees(db, currentEventId);
    const entryWindow =
      currentEventId === undefined ? null : await entryWindowOf(currentEventId, family.id);
    return {
      family: {
        id: family.id,
        firstName: family.firstName,
        surname: family.surname,
        email: family.email,
        mobileNumber: family.mobileNumber,
        country: family.country,
        createdAt: iso(family.createdAt),
        identities: identities.map((i) => ({
          channel: i.channel,
          identifier: i.identifier,
          verified: i.verifiedAt !== null,
        })),
      },
      fees: fees ?? { amendmentCents: 0, changeCents: 0 },
      entryWindow,
      contestants: contestants.map((c) => ({
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
      })),
      orders,
      payments,
      manualPaymentsShown: ledger !== undefined,
      entries,
      messages: messages.map((m) => ({
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

  return {
    async search(scope: FamilyScope, query: FamilySearchQuery): Promise<FamilySearchPage> {
      const rows = await repo.searchFamilies(
        db,
        scope,
        {
          pattern: likeContains(query.q),
          mobileDigits: mobileDigits(query.q),
          order: parseOrderNumber(query.q),
        },
        query,
      );
      return {
        rows: rows.map((r) => ({
          id: r.id,
          firstName: r.firstName,
          surname: r.surname,
          email: r.email,
          mobileNumber: r.mobileNumber,
          contestants: r.contestants,
          matched: (
            [
              ['name', r.byName],
              ['email', r.byEmail],
              ['mobile', r.byMobile],
              ['contestant', r.byContestant],
              ['school', r.bySchool],
              ['order', r.byOrder],
            ] as [FamilyMatch, boolean][]
          )
            .filter(([, hit]) => hit)
            .map(([m]) => m),
        })),
        total: rows[0]?.total ?? 0,
      };
    },

    get: details,

    /**
     * Corrects a contestant with the edit screen's checks (contestants.checkDetails), whatever
     * the family may still do; the amendment fee is noted, not charged (decision 021).
     */
    async correctContestant(
      { customerId: organiserId, families }: DeskCaller,
      familyId: number,
      contestantId: number,
      input: CorrectContestant,
    ): Promise<FamilyDetails> {
      await requireFamily(families, familyId);
      const before = await repo.findContestant(db, familyId, contestantId);
      if (!before) {
        throw notFound(
          'PROFILE_NOT_FOUND',
          `This family has no contestant with id ${contestantId}`,
        );
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
      return details(families, familyId);
    },

    /** The orders module's rules for changing an entry's item, with the due dates waived. */
    async changeEntryItem(
      { customerId: organiserId, families }: DeskCaller,
      familyId: number,
      orderItemId: number,
      input: ChangeEntryItem,
    ): Promise<FamilyDetails> {
      await requireFamily(families, familyId);
      const { order } = await requireEntry(familyId, orderItemId);
      if (order.status !== 'paid' && order.status !== 'awaiting_payment') {
        throw new AppError(409, 'NOT_PAYABLE', 'A cart is changed by the family itself.');
      }
      const charged = await fee('change', input.feeApplies, order.eventId);
      await deps.orders.changeEntryItem(
        familyId,
        orderItemId,
        { itemId: input.itemId },
        { organiserId, details: { familyId, fee: charged } },
      );
      return details(families, familyId);
    },

    /**
     * Lets the family enter the current event before its registration opens (decision 041),
     * audited; letting it in again changes nothing. Once entries are open it is refused: a
     * grant then would say something that does nothing.
     */
    async letInEarly(
      { customerId: organiserId, families }: DeskCaller,
      familyId: number,
    ): Promise<FamilyDetails> {
      await requireFamily(families, familyId);
      const eventId = await deps.catalogue.currentEventId();
      if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', 'No event has been set up yet');
      if ((await entryWindowOf(eventId, familyId)).open)
        throw new AppError(409, 'ENTRIES_OPEN', 'Entries for the current event are open already.');
      await db.transaction(async (tx) => {
        if (!(await letInEarly(tx, { eventId, customerId: familyId, grantedBy: organiserId })))
          return;
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
      return details(families, familyId);
    },

    /** The payment confirmation of a paid order again, the payments module's own text. */
    async resendConfirmation(
      { customerId: organiserId, families }: DeskCaller,
      familyId: number,
      orderId: number,
    ): Promise<ConfirmationResent> {
      await requireFamily(families, familyId);
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
    },

    /** certificates.regenerate (which logs its own entry), with the codes and the fee noted. */
    async regenerateCertificates(
      { customerId: organiserId, families }: DeskCaller,
      familyId: number,
      orderItemId: number,
      input: RegenerateFamilyCertificates,
    ): Promise<{ certificates: number }> {
      await requireFamily(families, familyId);
      const { order } = await requireEntry(familyId, orderItemId);
      const current = (ids: number[]) =>
        repo
          .findCertificates(db, ids)
          .then((rows) =>
            rows.filter((r) => r.supersededAt === null).map((r) => r.verificationCode),
          );
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
          fee: await fee('amendment', input.feeApplies, order.eventId),
        },
      });
      return { certificates: count };
    },
  };
}

type FamilyOrderRow = Awaited<ReturnType<typeof repo.findOrders>>[number]['order'];
