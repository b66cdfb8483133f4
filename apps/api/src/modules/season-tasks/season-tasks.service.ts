import {
  type Adjudicator,
  calendarDateIn,
  paths,
  type Reconciliation,
  type SeasonPhase,
  seasonPhase,
  type SeasonTask,
  type SeasonTaskId,
  type SeasonTasks,
  type SeasonTaskStatus,
  type JobsReport,
  type StaffAction,
  type StaffErasureRequest,
  type StaffMembership,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';

import { countEntriesNobodyCanMark } from '../entries/index.ts';
import * as repo from './season-tasks.repository.ts';
import { translationsTask } from './translations-task.ts';

/** What the reminders module answers of the entries a reminder is about (its `outstanding`). */
interface Outstanding {
  families: { customerId: number; firstName: string; entries: { dueDate: string }[] }[];
  notYetReminded: number;
  nextDueDate: string | null;
}

export interface SeasonTasksDependencies {
  db: Database;
  now: () => number;
  liveEventId: () => Promise<number | undefined>;
  outstanding: (eventId: number, kind: 'not_finalised' | 'no_main_file') => Promise<Outstanding>;
  reconciliation: (eventId: number) => Promise<Reconciliation>;
  adjudicators: () => Promise<Adjudicator[]>;
  winnersNeedConfirming: (eventId: number) => Promise<boolean>;
  dataRequests: () => Promise<StaffErasureRequest[]>;
  jobs: () => Promise<Pick<JobsReport, 'failures'>>;
  heldBackFiles: () => Promise<{ files: number }[]>;
  /** Teachers' requests to act for a school, waiting for an organiser (decision 061). */
  teachersWaiting: () => Promise<StaffMembership[]>;
}

/**
 * The action whose rows each task names (decision 056): a task shows only to a caller granted it
 * over any rows, since its examples name families, contestants, payments and adjudicators. The
 * endpoint's own action ('read:dashboard') only lets the caller ask.
 */
const NEEDS: Record<SeasonTaskId, StaffAction> = {
  'finalise-entries': 'manage:families',
  'upload-files': 'manage:families',
  'failed-files': 'manage:families',
  payments: 'manage:payments',
  'unassigned-entries': 'manage:adjudicators',
  'unmarked-entries': 'manage:adjudicators',
  conflicts: 'manage:adjudicators',
  winners: 'release:results',
  'data-requests': 'manage:data-requests',
  'background-work': 'read:jobs',
  teachers: 'manage:schools',
  translations: 'manage:site-content',
};

/** A background job that gave up this long ago or less still needs looking at. */
const RECENT_FAILURE_MS = 7 * 24 * 3600_000;

/** Which tasks come first in each phase, before the rest in their order here. */
const FIRST_IN: Record<SeasonPhase, SeasonTaskId[]> = {
  'setting-up': ['background-work', 'data-requests', 'teachers', 'translations'],
  'entries-open': ['payments', 'teachers', 'upload-files', 'finalise-entries', 'failed-files'],
  uploads: ['finalise-entries', 'upload-files', 'failed-files', 'unassigned-entries'],
  judging: ['unassigned-entries', 'unmarked-entries', 'conflicts', 'winners'],
  results: ['winners', 'data-requests', 'payments'],
};
// What needs someone, then what is worth a look, what is done, and what comes later.
const STATUS_ORDER: SeasonTaskStatus[] = ['to-do', 'info', 'done', 'not-yet'];

const PHASES: SeasonPhase[] = ['setting-up', 'entries-open', 'uploads', 'judging', 'results'];
const isBefore = (phase: SeasonPhase, other: SeasonPhase) =>
  PHASES.indexOf(phase) < PHASES.indexOf(other);

const family = (customerId: number) => paths.staffFamily.href({ id: customerId });

type Task = Omit<SeasonTask, 'id'>;

function entriesTask(o: Outstanding, phase: SeasonPhase): Task {
  const count = o.families.reduce((n, f) => n + f.entries.length, 0);
  const byDue = [...o.families].sort((a, b) =>
    (a.entries[0]?.dueDate ?? '').localeCompare(b.entries[0]?.dueDate ?? ''),
  );
  return {
    status: count > 0 ? 'to-do' : isBefore(phase, 'entries-open') ? 'not-yet' : 'done',
    count,
    families: o.families.length,
    nextDueDate: o.nextDueDate,
    examples: byDue.slice(0, 5).map((f) => ({
      label: `${f.firstName}: ${f.entries.length} ${f.entries.length === 1 ? 'entry' : 'entries'}`,
      href: family(f.customerId),
    })),
  };
}

const doneOr = (count: number, status: SeasonTaskStatus = 'to-do') => (count > 0 ? status : 'done');

async function markingTasks(deps: SeasonTasksDependencies, eventId: number, phase: SeasonPhase) {
  const [unassigned, adjudicators, conflicts] = await Promise.all([
    countEntriesNobodyCanMark(deps.db, eventId),
    deps.adjudicators(),
    repo.findConflicts(deps.db),
  ]);
  const left = adjudicators
    .map((a) => ({ a, left: a.progress.assigned - a.progress.submitted }))
    .filter((x) => x.left > 0);
  const unmarked = left.reduce((n, x) => n + x.left, 0);
  const toAdjudicators = paths.staffAdjudicators.href();
  return {
    'unassigned-entries': {
      status: doneOr(unassigned),
      count: unassigned,
      examples: [],
    },
    'unmarked-entries': {
      status:
        unmarked > 0
          ? phase === 'judging'
            ? 'to-do'
            : 'info'
          : isBefore(phase, 'uploads')
            ? 'not-yet'
            : 'done',
      count: unmarked,
      examples: left.slice(0, 5).map((x) => ({
        label: `${x.a.firstName} ${x.a.surname}: ${x.left} of ${x.a.progress.assigned} to mark`,
        href: toAdjudicators,
      })),
    },
    conflicts: {
      status: doneOr(conflicts.total, 'info'),
      count: conflicts.total,
      examples: conflicts.first.map((c) => ({
        label: `${c.adjudicator}: ${c.label}`,
        href: toAdjudicators,
      })),
    },
  } satisfies Partial<Record<SeasonTaskId, Task>>;
}

async function moneyAndFiles(deps: SeasonTasksDependencies, eventId: number) {
  const [failed, reconciliation] = await Promise.all([
    repo.findFailedFiles(deps.db, eventId),
    deps.reconciliation(eventId),
  ]);
  const off = reconciliation.discrepancies;
  const toPayments = paths.staffPayments.href();
  return {
    'failed-files': {
      status: doneOr(failed.total),
      count: failed.total,
      examples: failed.first.map((f) => ({
        label: `${f.contestant} · ${f.itemCode}: ${f.fileName}`,
        href: family(f.customerId),
      })),
    },
    payments: {
      status: doneOr(off.length),
      count: off.length,
      examples: off.slice(0, 5).map((d) => ({
        label: `${d.orderNumber} · ${d.familyName}: ${d.reason}`,
        href: toPayments,
      })),
    },
  } satisfies Partial<Record<SeasonTaskId, Task>>;
}

async function careTasks(deps: SeasonTasksDependencies) {
  const [requests, jobs, heldBack, teachers] = await Promise.all([
    deps.dataRequests(),
    deps.jobs(),
    deps.heldBackFiles(),
    deps.teachersWaiting(),
  ]);
  const waiting = requests.filter((r) => r.status === 'pending');
  const since = deps.now() - RECENT_FAILURE_MS;
  const failures = jobs.failures.filter((f) => Date.parse(f.failedAt) >= since);
  const held = heldBack.reduce((n, h) => n + h.files, 0);
  const toJobs = paths.staffJobs.href();
  return {
    'data-requests': {
      status: doneOr(waiting.length),
      count: waiting.length,
      examples: waiting.slice(0, 5).map((r) => ({
        label: r.familyName ?? `Account ${r.customerId}`,
        href: paths.staffDataRequests.href(),
      })),
    },
    'background-work': {
      status: doneOr(failures.length + held),
      count: failures.length + held,
      examples: [
        ...(held > 0 ? [{ label: `${held} files held back by an outage`, href: toJobs }] : []),
        ...failures.slice(0, 5).map((f) => ({ label: `${f.label}: ${f.error}`, href: toJobs })),
      ].slice(0, 5),
    },
    teachers: {
      status: doneOr(teachers.length),
      count: teachers.length,
      examples: teachers.slice(0, 5).map((m) => ({
        label: `${m.teacherName}: ${m.schoolName}`,
        href: paths.staffTeachers.href(),
      })),
    },
  } satisfies Partial<Record<SeasonTaskId, Task>>;
}

function winnersTask(phase: SeasonPhase, confirmed: boolean, stale: boolean): Task {
  const open = !confirmed || stale;
  return {
    status: isBefore(phase, 'judging') ? 'not-yet' : open ? 'to-do' : 'done',
    count: open ? 1 : 0,
    examples: [],
  };
}

function inOrder(
  phase: SeasonPhase,
  tasks: Record<SeasonTaskId, Task>,
  mayRead: (action: StaffAction) => boolean,
): SeasonTask[] {
  const first = FIRST_IN[phase];
  const rank = (id: SeasonTaskId) => (first.includes(id) ? first.indexOf(id) : first.length);
  return (Object.entries(tasks) as [SeasonTaskId, Task][])
    .filter(([id]) => mayRead(NEEDS[id]))
    .map(([id, task]) => ({ id, ...task }))
    .sort(
      (a, b) =>
        STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) || rank(a.id) - rank(b.id),
    );
}

/**
 * The organiser's task list (issue 34, decision 060): the live event's phase of the season and
 * what needs someone in it, each computed from the data when asked (nothing is stored, so a
 * task is done the moment its rows are). The rules stay with the modules that own them.
 */
export function createSeasonTasksService(deps: SeasonTasksDependencies) {
  return {
    /** The tasks whose rows `mayRead` grants (the caller's actions over any rows). */
    async tasks(mayRead: (action: StaffAction) => boolean): Promise<SeasonTasks> {
      const now = new Date(deps.now());
      const eventId = await deps.liveEventId();
      const event = eventId === undefined ? undefined : await repo.findEvent(deps.db, eventId);
      if (!event) {
        return { event: null, phase: 'setting-up', today: calendarDateIn(now, 'UTC'), tasks: [] };
      }
      const phase = seasonPhase(event, now);
      const [finalise, upload, marking, money, care, stale, translations] = await Promise.all([
        deps.outstanding(event.id, 'not_finalised'),
        deps.outstanding(event.id, 'no_main_file'),
        markingTasks(deps, event.id, phase),
        moneyAndFiles(deps, event.id),
        careTasks(deps),
        deps.winnersNeedConfirming(event.id),
        translationsTask(deps.db, event.id),
      ]);
      const tasks: Record<SeasonTaskId, Task> = {
        'finalise-entries': entriesTask(finalise, phase),
        'upload-files': entriesTask(upload, phase),
        ...money,
        ...marking,
        winners: winnersTask(phase, event.winnersConfirmedAt !== null, stale),
        ...care,
        translations,
      };
      return {
        event: { id: event.id, name: event.name },
        phase,
        today: calendarDateIn(now, event.timeZone),
        tasks: inOrder(phase, tasks, mayRead),
      };
    },
  };
}
