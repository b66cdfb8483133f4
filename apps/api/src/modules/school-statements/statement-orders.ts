import {
  BankingSchema,
  EVENT_TEXT,
  hasBanking,
  statementReference,
  type Banking,
  type Order,
  type StatementOrder,
} from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { orderNumber } from '../orders/index.ts';
import type { SchoolStatementsDependencies as Deps } from './school-statements.service.ts';
import * as repo from './school-statements.repository.ts';
import type { StatementContent } from './statement-pdf.ts';

// A teacher's order as a statement shows it (decision 066): its money by checkout's rules, its
// learners' entries. One reading for the screens, the order's PDF and the school's.

export async function liveEventId(deps: Deps): Promise<number> {
  const eventId = await deps.catalogue.currentEventId();
  if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', EVENT_TEXT.say('noEventYet'));
  return eventId;
}

export async function bankingOf(deps: Deps, eventId: number): Promise<Banking | null> {
  const parsed = BankingSchema.safeParse(await repo.findEventBanking(deps.db, eventId));
  return parsed.success && hasBanking(parsed.data) ? parsed.data : null;
}

/**
 * An order as a cart is priced now (checkout's rules); a checked-out one as it was frozen.
 * `described`: the cart as describeOrder gave it already, when the caller has it.
 */
export async function priced(deps: Deps, row: repo.StatementOrderRow['order'], described?: Order) {
  if (row.status !== 'cart' && row.totalCents !== null)
    return {
      subtotalCents: row.subtotalCents ?? row.totalCents,
      surchargeCents: row.surchargeCents ?? 0,
      totalCents: row.totalCents,
    };
  described ??= await deps.orders.describeOrder({ ...row, totalCents: null });
  if (described.orderItems.length === 0)
    return { subtotalCents: 0, surchargeCents: 0, totalCents: 0 };
  const { subtotalCents, surchargeCents, totalCents } = await deps.payments.priceOrder(described);
  return { subtotalCents, surchargeCents, totalCents };
}

/** An order's line on a statement, from its money (`priced`). */
export function statementOrderOf(
  row: repo.StatementOrderRow,
  year: number,
  callerId: number | undefined,
  totalCents: number,
): StatementOrder {
  const paidCents = row.order.status === 'paid' ? totalCents : 0;
  return {
    orderId: row.order.id,
    orderNumber: orderNumber(year, row.order.id),
    reference: statementReference(row.order.id),
    teacherName: row.teacherName,
    status: row.order.status as StatementOrder['status'],
    own: row.order.customerId === callerId,
    entries: row.entries,
    totalCents,
    paidCents,
    owedCents: totalCents - paidCents,
    refundedCents: row.refundedCents,
  };
}

export async function toStatementOrder(
  deps: Deps,
  row: repo.StatementOrderRow,
  year: number,
  callerId: number | undefined,
): Promise<StatementOrder> {
  return statementOrderOf(row, year, callerId, (await priced(deps, row.order)).totalCents);
}

/** The statement's totals: the sum of its orders' entries and money. */
export function totalsOf(list: StatementOrder[]) {
  const sum = (key: 'entries' | 'totalCents' | 'paidCents' | 'owedCents' | 'refundedCents') =>
    list.reduce((n, o) => n + o[key], 0);
  return {
    entries: sum('entries'),
    totalCents: sum('totalCents'),
    paidCents: sum('paidCents'),
    owedCents: sum('owedCents'),
    refundedCents: sum('refundedCents'),
  };
}

/** An order's entries not withdrawn, by learner in the order's order, each with its fee. */
export function learnersOf(items: Order['orderItems']): StatementContent['learners'] {
  const byLearner = new Map<number, StatementContent['learners'][number]>();
  for (const i of items.filter((x) => !x.isCancelled)) {
    const learner = byLearner.get(i.participantProfileId) ?? {
      name: `${i.participantFirstName} ${i.participantSurname}`,
      grade: i.participantProfile.grade,
      entries: [],
    };
    learner.entries.push({
      item: `${i.itemCode} ${i.itemShortDescription}`,
      section: i.item.category.section,
      group: i.groupName,
      feeCents: i.price,
    });
    byLearner.set(i.participantProfileId, learner);
  }
  return [...byLearner.values()];
}
