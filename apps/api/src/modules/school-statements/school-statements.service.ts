import {
  calendarDateIn,
  formatLongDate,
  orderIdOfReference,
  statementReference,
  STATEMENT_TEXT,
  type SchoolStatement,
  type StatementLookup,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { wordsOf } from '../../lib/messages.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import { orderNumber, type OrdersService } from '../orders/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { learnersIn, reachClass } from '../teachers/index.ts';
import { createSchoolPdfService } from './school-pdf.service.ts';
import * as repo from './school-statements.repository.ts';
import { buildStatementPdf } from './statement-pdf.ts';
import {
  bankingOf,
  learnersOf,
  liveEventId,
  priced,
  toStatementOrder,
  totalsOf,
} from './statement-orders.ts';

export interface SchoolStatementsDependencies {
  db: Database;
  catalogue: CatalogueService;
  orders: OrdersService;
  payments: PaymentsService;
  accounts: AccountsService;
  now: () => number;
}
type Deps = SchoolStatementsDependencies;
/** A condition of the repository's (which orders, which learners). */
type SQL = ReturnType<typeof repo.placedBy>;

const orderNotFound = (id: number) =>
  notFound('ORDER_NOT_FOUND', STATEMENT_TEXT.say('orderNotFound', { id }));

/** The statement of the orders `placedBy` made for learners `learners` reaches, in the live event. */
async function statementOf(
  deps: Deps,
  scope: { schoolName: string; wholeSchool: boolean; placedBy: SQL; learners: SQL },
  callerId?: number,
): Promise<SchoolStatement> {
  const eventId = await liveEventId(deps);
  const event = await deps.catalogue.getEvent(eventId);
  const rows = await repo.findStatementOrders(deps.db, eventId, scope.placedBy, scope.learners);
  const list = await Promise.all(rows.map((r) => toStatementOrder(deps, r, event.year, callerId)));
  return {
    schoolName: scope.schoolName,
    wholeSchool: scope.wholeSchool,
    orders: list,
    totals: totalsOf(list),
    banking: await bankingOf(deps, eventId),
  };
}

/**
 * A class's statement as the caller reaches it (decision 061): a teacher, their own orders of
 * their class's learners; a coordinator, every teacher's orders of the school's learners.
 */
async function classStatement(deps: Deps, customerId: number, membershipId: number) {
  const held = await reachClass(deps.db, customerId, membershipId, false);
  const wholeSchool = held.coordinates;
  const placedBy = wholeSchool ? repo.teachersOfSchool(held.schoolId) : repo.placedBy(customerId);
  return statementOf(
    deps,
    { schoolName: held.schoolName, wholeSchool, placedBy, learners: learnersIn(held.reach) },
    customerId,
  );
}

/** One order of the caller's statement, or 404 as if it did not exist. */
async function reachedOrder(deps: Deps, customerId: number, membershipId: number, orderId: number) {
  const statement = await classStatement(deps, customerId, membershipId);
  const found = statement.orders.find((o) => o.orderId === orderId);
  if (!found) throw orderNotFound(orderId);
  return { statement, found };
}

async function statementPdf(
  deps: Deps,
  customerId: number,
  membershipId: number,
  orderId: number,
): Promise<{ name: string; pdf: Uint8Array }> {
  const { statement, found } = await reachedOrder(deps, customerId, membershipId, orderId);
  // A teacher's order is one per event, whatever it holds: learners of another school and
  // their own children too. Its invoice is its teacher's alone; a coordinator reads the
  // school's figures (security review of decision 066).
  if (!found.own) throw orderNotFound(orderId);
  const row = (await repo.findOrderWithPayer(deps.db, orderId))?.order;
  if (!row) throw orderNotFound(orderId);
  const event = await deps.catalogue.getEvent(row.eventId);
  const described = await deps.orders.describeOrder(
    row.status === 'cart' ? { ...row, totalCents: null } : row,
  );
  const money = await priced(deps, row, described);
  const pdf = await buildStatementPdf({
    eventName: event.name,
    schoolName: statement.schoolName,
    teacherName: found.teacherName,
    orderNumber: found.orderNumber,
    reference: found.reference,
    dateText: formatLongDate(calendarDateIn(new Date(deps.now()), event.timeZone)),
    status: found.status,
    learners: learnersOf(described.orderItems),
    ...money,
    paidCents: found.paidCents,
    refundedCents: found.refundedCents,
    banking: statement.banking ?? { missing: wordsOf(STATEMENT_TEXT.say('bankingMissing')) },
  });
  return { name: `statement-${found.reference}.pdf`, pdf };
}

/**
 * The caller pays their own order by EFT: frozen as at checkout (payments' checkOutForEft), so
 * the statement's total is what the organiser must record against its reference.
 */
async function payByEft(deps: Deps, customerId: number, membershipId: number, orderId: number) {
  const { statement, found } = await reachedOrder(deps, customerId, membershipId, orderId);
  if (!found.own) throw orderNotFound(orderId);
  if (found.status === 'paid')
    throw new AppError(409, 'ALREADY_PAID', STATEMENT_TEXT.say('alreadyPaid'));
  if (!statement.banking)
    throw new AppError(409, 'BANKING_MISSING', STATEMENT_TEXT.say('bankingMissing'));
  if (found.status === 'cart') {
    const customer = await deps.accounts.getCustomer(customerId);
    await deps.payments.checkOutForEft(customerId, orderId, customer.email ?? '');
  }
  return classStatement(deps, customerId, membershipId);
}

async function schoolStatement(deps: Deps, schoolId: number): Promise<SchoolStatement> {
  const schoolName = await repo.findSchoolName(deps.db, schoolId);
  if (schoolName === undefined)
    throw notFound('SCHOOL_NOT_FOUND', `There is no school with id ${schoolId}`);
  return statementOf(deps, {
    schoolName,
    wholeSchool: true,
    placedBy: repo.teachersOfSchool(schoolId),
    learners: repo.learnersOfSchool(schoolId),
  });
}

/** The order a statement reference names, with what must be paid (the ledger's dialog). */
async function byReference(deps: Deps, reference: string): Promise<StatementLookup> {
  const orderId = orderIdOfReference(reference);
  const found = orderId === undefined ? undefined : await repo.findOrderWithPayer(deps.db, orderId);
  if (!found)
    throw notFound('REFERENCE_NOT_FOUND', STATEMENT_TEXT.say('referenceNotFound', { reference }));
  const { totalCents } = await priced(deps, found.order);
  return {
    orderId: found.order.id,
    orderNumber: orderNumber(found.eventYear, found.order.id),
    reference: statementReference(found.order.id),
    status: found.order.status,
    totalCents,
    payerName: found.payerName,
    entries: found.entries,
  };
}

/** A school's statement, its PDF, paying it by EFT, and finding it by reference (decision 066). */
export function createSchoolStatementsService(deps: Deps) {
  return {
    classStatement: (customerId: number, membershipId: number) =>
      classStatement(deps, customerId, membershipId),
    statementPdf: (customerId: number, membershipId: number, orderId: number) =>
      statementPdf(deps, customerId, membershipId, orderId),
    payByEft: (customerId: number, membershipId: number, orderId: number) =>
      payByEft(deps, customerId, membershipId, orderId),
    schoolStatement: (schoolId: number) => schoolStatement(deps, schoolId),
    byReference: (reference: string) => byReference(deps, reference),
    /** The school's statement PDF across its teachers (its coordinator's, an organiser's). */
    schoolPdf: createSchoolPdfService(deps),
  };
}

export type SchoolStatementsService = ReturnType<typeof createSchoolStatementsService>;
