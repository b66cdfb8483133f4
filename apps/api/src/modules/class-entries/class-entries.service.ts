import {
  CLASS_ENTRY_STATES,
  EVENT_TEXT,
  hasPassedUploadDeadline,
  markingState,
  mayEnterGrade,
  type ClassEntries,
  type ClassEntriesChange,
  type ClassEntriesResult,
  type ClassEntry,
  type ClassEntryState,
  type ClassGrid,
  type GridItem,
  type SchoolClasses,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import type { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/errors.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import { profileNotFound } from '../contestants/index.ts';
import { asMember, type BatchEntry, type OrdersService } from '../orders/index.ts';
import { classScope, reachClass, teachersOfSchool } from '../teachers/index.ts';
import * as repo from './class-entries.repository.ts';

export interface ClassEntriesDependencies {
  db: Database;
  catalogue: CatalogueService;
  orders: OrdersService;
  now: () => number;
}

async function liveEventId(deps: ClassEntriesDependencies): Promise<number> {
  const eventId = await deps.catalogue.currentEventId();
  if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', EVENT_TEXT.say('noEventYet'));
  return eventId;
}

async function grid(deps: ClassEntriesDependencies, customerId: number, membershipId: number) {
  // The grid enters into the caller's own cart: their own class only.
  const { reach, ...held } = await reachClass(deps.db, customerId, membershipId, true);
  const eventId = await liveEventId(deps);
  const snapshot = await deps.catalogue.getSnapshot(eventId);
  const now = deps.now();
  const open = snapshot.entries.filter((e) => !e.retired);
  const items: GridItem[] = open.map(({ item, deadlineMs }) => ({
    id: item.id,
    code: item.code,
    name: item.shortDescription,
    section: item.category.section,
    categoryName: item.category.name,
    isGroupItem: item.isGroupItem,
    requiresAnInstrument: item.requiresAnInstrument,
    minimumParticipants: item.minimumParticipants,
    maximumParticipants: item.maximumParticipants,
    deadlinePassed: now > deadlineMs,
  }));
  const learners = await repo.findClassLearners(deps.db, reach, membershipId);
  const allowedByGrade: Record<string, number[]> = {};
  for (const grade of new Set(learners.map((l) => l.grade))) {
    allowedByGrade[grade] = open.filter((e) => mayEnterGrade(e.item, grade)).map((e) => e.item.id);
  }
  const entries = await repo.findGridEntries(
    deps.db,
    eventId,
    learners.map((l) => l.id),
  );
  return {
    membershipId,
    schoolName: held.schoolName,
    eventId,
    learners: learners.map(({ id, firstName, surname, grade }) => ({
      id,
      firstName,
      surname,
      grade,
    })),
    items,
    allowedByGrade,
    entries: entries.map(({ status, ...e }) => ({ ...e, paid: status === 'paid' })),
  } satisfies ClassGrid;
}

/** The rows of the change as the cart's batch takes them; a learner not of the class is not found. */
function toBatch(
  change: ClassEntriesChange,
  learners: Map<number, repo.LearnerRow>,
): { rows: BatchEntry[]; refused: ClassEntriesResult['refused'] } {
  const refused: ClassEntriesResult['refused'] = [];
  const rows: BatchEntry[] = [];
  change.add.forEach((row, index) => {
    const others = row.groupLearnerIds ?? [];
    const missing = [row.learnerId, ...others].find((id) => !learners.has(id));
    if (missing !== undefined) {
      refused.push({ kind: 'add', row: index, ...said(profileNotFound(missing)) });
      return;
    }
    const groupMembers = [
      ...others.map((id) => asMember(learners.get(id)!)),
      ...(row.groupMembers ?? []),
    ];
    rows.push({
      itemId: row.itemId,
      participantProfileId: row.learnerId,
      instruments: row.instruments ?? null,
      groupName: row.groupName ?? null,
      groupMembers,
    });
  });
  return { rows, refused };
}

const said = (error: AppError) => ({
  code: error.code,
  message: error.message,
  ...(error.said
    ? { messageId: error.said.id, ...(error.said.values ? { values: error.said.values } : {}) }
    : {}),
});

async function enter(
  deps: ClassEntriesDependencies,
  customerId: number,
  membershipId: number,
  change: ClassEntriesChange,
): Promise<ClassEntriesResult> {
  const { reach } = await reachClass(deps.db, customerId, membershipId, true);
  const eventId = await liveEventId(deps);
  const orderId = await deps.orders.openCartId(customerId, eventId);
  const learners = new Map(
    (await repo.findClassLearners(deps.db, reach, membershipId)).map((l) => [l.id, l]),
  );
  const { rows, refused } = toBatch(change, learners);
  const nothing = { written: false, orderId, added: 0, removed: 0 };
  if (refused.length > 0) return { ...nothing, refused };
  const result = await deps.orders.changeCartInBatch(customerId, orderId, {
    add: rows,
    remove: change.remove,
  });
  if (result.refused.length > 0) {
    return {
      ...nothing,
      refused: result.refused.map((r) => ({ kind: r.kind, row: r.row, ...said(r.error) })),
    };
  }
  return {
    written: true,
    orderId,
    added: result.added.length,
    removed: result.removed,
    refused: [],
  };
}

function stateOf(
  e: Awaited<ReturnType<typeof repo.findScopedEntries>>[number],
  now: Date,
  timeZone: string,
): ClassEntryState {
  const state = markingState({
    ...e,
    deadlinePassed: hasPassedUploadDeadline(e.dueDate, now, timeZone),
  });
  if (state === 'not-sent' && !e.hasMainFile) return 'no-main-file';
  if (state === 'sent' && e.isMarked) return 'marked';
  return state;
}

async function entries(
  deps: ClassEntriesDependencies,
  customerId: number,
  membershipId: number,
): Promise<ClassEntries> {
  const { reach, ...held } = await reachClass(deps.db, customerId, membershipId, false);
  const eventId = await liveEventId(deps);
  const event = await deps.catalogue.getEvent(eventId);
  const wholeSchool = held.coordinates;
  const scope = classScope(reach, membershipId, wholeSchool ? held.schoolId : undefined);
  const rows = await repo.findScopedEntries(deps.db, eventId, scope);
  const now = new Date(deps.now());
  const counts = Object.fromEntries(CLASS_ENTRY_STATES.map((s) => [s, 0])) as Record<
    ClassEntryState,
    number
  >;
  const list: ClassEntry[] = rows.map((e) => {
    const state = stateOf(e, now, event.timeZone);
    counts[state]++;
    return {
      orderItemId: e.orderItemId,
      learnerId: e.learnerId,
      firstName: e.firstName,
      surname: e.surname,
      itemCode: e.itemCode,
      itemName: e.itemName,
      dueDate: e.dueDate,
      state,
      own: e.customerId === customerId,
    };
  });
  return {
    membershipId,
    schoolName: held.schoolName,
    wholeSchool,
    resultsReleased: await repo.resultsReleased(deps.db, eventId),
    entries: list,
    counts,
  };
}

const noCounts = () =>
  Object.fromEntries(CLASS_ENTRY_STATES.map((s) => [s, 0])) as Record<ClassEntryState, number>;

/**
 * A school's approved classes for organisers (issue 35, decision 068): each teacher's learners
 * and their entries in the live event by state, as the teacher's own list counts them.
 */
async function schoolClasses(
  deps: ClassEntriesDependencies,
  schoolId: number,
): Promise<SchoolClasses> {
  const approved = (await teachersOfSchool(deps.db, schoolId)).filter(
    (m) => m.status === 'approved',
  );
  const eventId = await liveEventId(deps);
  const event = await deps.catalogue.getEvent(eventId);
  const rows = await repo.findScopedEntries(deps.db, eventId, repo.schoolScope(schoolId));
  const now = new Date(deps.now());
  const byClass = new Map(approved.map((m) => [m.id, noCounts()]));
  const counts = noCounts();
  for (const row of rows) {
    const state = stateOf(row, now, event.timeZone);
    counts[state]++;
    const inClass = row.classId === null ? undefined : byClass.get(row.classId);
    if (inClass) inClass[state]++;
  }
  return {
    classes: approved.map((m) => ({
      membershipId: m.id,
      teacherName: m.teacherName,
      learners: m.learners,
      counts: byClass.get(m.id) ?? noCounts(),
    })),
    counts,
  };
}

/** A teacher's class in the live event: its grid, entering it, its entries by state. */
export function createClassEntriesService(deps: ClassEntriesDependencies) {
  return {
    grid: (customerId: number, membershipId: number) => grid(deps, customerId, membershipId),
    enter: (customerId: number, membershipId: number, change: ClassEntriesChange) =>
      enter(deps, customerId, membershipId, change),
    entries: (customerId: number, membershipId: number) => entries(deps, customerId, membershipId),
    schoolClasses: (schoolId: number) => schoolClasses(deps, schoolId),
  };
}

export type ClassEntriesService = ReturnType<typeof createClassEntriesService>;
