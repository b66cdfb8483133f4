import { calendarDateIn, formatLongDate, STATEMENT_TEXT, type Order } from '@eisteddfod/shared';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { wordsOf } from '../../lib/messages.ts';
import { reachClass } from '../teachers/index.ts';
import { buildSchoolStatementPdf, type SchoolOrderContent } from './school-statement-pdf.ts';
import type { SchoolStatementsDependencies as Deps } from './school-statements.service.ts';
import * as repo from './school-statements.repository.ts';
import {
  bankingOf,
  learnersOf,
  liveEventId,
  priced,
  statementOrderOf,
} from './statement-orders.ts';

// The school's statement as one PDF (issue 35: "A school's statement shows what is paid, owed
// and refunded across its teachers"; decision 066's amendment). Every approved teacher's order
// of the live event that holds a learner of the school, each with its own reference. A
// teacher's order is one per event, whatever it holds: learners of another school they teach
// at and their own children too. Those are never named: the school's learners' entries are
// listed, and the rest of the order is one sum, since the order's reference pays all of it.

/** One order as the school's statement shows it: the school's learners alone, the order's money. */
async function schoolOrder(
  deps: Deps,
  row: repo.StatementOrderRow,
  year: number,
  schoolLearners: Set<number>,
): Promise<SchoolOrderContent> {
  const described: Order = await deps.orders.describeOrder(
    row.order.status === 'cart' ? { ...row.order, totalCents: null } : row.order,
  );
  const money = await priced(deps, row.order, described);
  const figures = statementOrderOf(row, year, undefined, money.totalCents);
  const ours = described.orderItems.filter((i) => schoolLearners.has(i.participantProfileId));
  const learners = learnersOf(ours);
  const schoolCents = learners.reduce(
    (n, l) => n + l.entries.reduce((m, e) => m + e.feeCents, 0),
    0,
  );
  return {
    teacherName: figures.teacherName,
    orderNumber: figures.orderNumber,
    reference: figures.reference,
    status: figures.status,
    learners,
    schoolCents,
    // Another school's learners, the teacher's own children, withdrawn or moved entries: their
    // sum only, since the reference pays the whole order.
    otherCents: Math.max(0, money.subtotalCents - schoolCents),
    surchargeCents: money.surchargeCents,
    totalCents: figures.totalCents,
    paidCents: figures.paidCents,
    owedCents: figures.owedCents,
    refundedCents: figures.refundedCents,
  };
}

/** The school's statement PDF, audited as downloaded by `actorId`. */
async function schoolPdf(deps: Deps, schoolId: number, actorId: number) {
  const schoolName = await repo.findSchoolName(deps.db, schoolId);
  if (schoolName === undefined)
    throw notFound('SCHOOL_NOT_FOUND', `There is no school with id ${schoolId}`);
  const eventId = await liveEventId(deps);
  const event = await deps.catalogue.getEvent(eventId);
  const [rows, schoolLearners] = await Promise.all([
    repo.findStatementOrders(
      deps.db,
      eventId,
      repo.teachersOfSchool(schoolId),
      repo.learnersOfSchool(schoolId),
    ),
    repo.findSchoolLearnerIds(deps.db, schoolId),
  ]);
  const orders: SchoolOrderContent[] = [];
  // One order at a time: each is priced from the catalogue, and the pool is shared.
  for (const row of rows) orders.push(await schoolOrder(deps, row, event.year, schoolLearners));
  const pdf = await buildSchoolStatementPdf({
    eventName: event.name,
    schoolName,
    dateText: formatLongDate(calendarDateIn(new Date(deps.now()), event.timeZone)),
    orders,
    banking: (await bankingOf(deps, eventId)) ?? {
      missing: wordsOf(STATEMENT_TEXT.say('bankingMissing')),
    },
  });
  await audit(deps.db, {
    actorCustomerId: actorId,
    action: 'school.statement-pdf',
    entityType: 'school',
    entityId: schoolId,
    details: {
      eventId,
      orders: orders.length,
      entries: orders.reduce((n, o) => n + o.learners.reduce((m, l) => m + l.entries.length, 0), 0),
    },
  });
  // The header's file name in plain ASCII: accents dropped, anything else a dash.
  const slug = schoolName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const name = `statement-${slug || 'school'}-${event.year}.pdf`;
  return { name, pdf };
}

/** The coordinator's download, through any class of the school they coordinate. */
async function coordinatorsPdf(deps: Deps, customerId: number, membershipId: number) {
  const held = await reachClass(deps.db, customerId, membershipId, false);
  if (!held.coordinates)
    throw new AppError(403, 'NOT_A_COORDINATOR', STATEMENT_TEXT.say('notCoordinator'));
  return schoolPdf(deps, held.schoolId, customerId);
}

export function createSchoolPdfService(deps: Deps) {
  return {
    /** The school's statement PDF for its coordinator (decision 066). */
    forCoordinator: (customerId: number, membershipId: number) =>
      coordinatorsPdf(deps, customerId, membershipId),
    /** A school's statement PDF for an organiser (the console's School page). */
    forOrganiser: (organiserId: number, schoolId: number) => schoolPdf(deps, schoolId, organiserId),
  };
}
