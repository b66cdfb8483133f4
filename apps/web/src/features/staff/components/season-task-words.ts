import { formatLongDate, paths, type SeasonTask, type SeasonTaskId } from '@eisteddfod/shared';

/** Whole days from `today` to `date` (both YYYY-MM-DD, calendar days in the event's zone). */
export function daysUntil(today: string, date: string): number {
  return Math.round(
    (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function deadline(task: SeasonTask, today: string): string {
  if (!task.nextDueDate) return '';
  const days = daysUntil(today, task.nextDueDate);
  const when =
    days === 0 ? 'today' : days === 1 ? 'tomorrow' : days > 1 ? `in ${days} days` : 'passed';
  return ` The next due date is ${formatLongDate(task.nextDueDate)} (${when}).`;
}

export interface TaskWords {
  title: string;
  /** What the figures mean now, in one or two sentences. */
  says: (task: SeasonTask, today: string) => string;
  /** Where the task is worked, and the button's words. */
  action: { label: string; href: (eventId: number) => string };
}

/**
 * The organiser's words for each task of the list (issue 34): the server counts, the console
 * words them (staff screens are in English only, decision 057).
 */
export const TASK_WORDS: Record<SeasonTaskId, TaskWords> = {
  'finalise-entries': {
    title: 'Entries complete but not sent to the adjudicators',
    says: (t, today) =>
      t.count === 0
        ? 'Every entry with its files is finalised.'
        : `${plural(t.count, 'entry', 'entries')} of ${plural(t.families ?? 0, 'family', 'families')} have their files but are not finalised, so nobody will mark them.${deadline(t, today)}`,
    action: {
      label: 'Remind them to finalise',
      href: () => `${paths.staffReminders.href()}?kind=not_finalised`,
    },
  },
  'upload-files': {
    title: 'Paid entries with no file yet',
    says: (t, today) =>
      t.count === 0
        ? 'Every paid entry has its file.'
        : `${plural(t.count, 'paid entry', 'paid entries')} of ${plural(t.families ?? 0, 'family', 'families')} have no file uploaded.${deadline(t, today)}`,
    action: {
      label: 'Remind them to upload',
      href: () => `${paths.staffReminders.href()}?kind=no_main_file`,
    },
  },
  'failed-files': {
    title: 'Files that could not be processed',
    says: (t) =>
      t.count === 0
        ? 'Every uploaded file was processed.'
        : `${plural(t.count, 'file')} could not be processed after every attempt: the family may need to upload it again.`,
    action: { label: 'Open the families', href: () => paths.staffFamilies.href() },
  },
  payments: {
    title: 'Payments that do not add up',
    says: (t) =>
      t.count === 0
        ? 'Every paid order was paid exactly once.'
        : `${plural(t.count, 'order')} received more or less than their total, or a payment is held for you.`,
    action: { label: 'Open payments', href: () => paths.staffPayments.href() },
  },
  'unassigned-entries': {
    title: 'Finalised entries no adjudicator can mark',
    says: (t) =>
      t.count === 0
        ? 'Every finalised entry has an adjudicator who can mark it.'
        : `${plural(t.count, 'finalised entry', 'finalised entries')} have no adjudicator: no one is assigned to their section or category, or every one assigned declared a conflict.`,
    action: { label: 'Assign adjudicators', href: () => paths.staffAdjudicators.href() },
  },
  'unmarked-entries': {
    title: 'Entries still to mark',
    says: (t) =>
      t.count === 0
        ? 'Every entry assigned has a submitted mark.'
        : `${plural(t.count, 'entry', 'entries')} assigned to adjudicators have no submitted mark yet.`,
    action: { label: 'Open adjudicators', href: () => paths.staffAdjudicators.href() },
  },
  conflicts: {
    title: 'Conflicts of interest declared',
    says: (t) =>
      t.count === 0
        ? 'No adjudicator has declared a conflict.'
        : `${plural(t.count, 'conflict')} declared: those entries go to other adjudicators, and any left with none are counted above.`,
    action: { label: 'Open adjudicators', href: () => paths.staffAdjudicators.href() },
  },
  winners: {
    title: 'Confirm the section winners',
    says: (t) =>
      t.status === 'not-yet'
        ? 'Once marking is done, before the gala.'
        : t.count === 0
          ? 'The section winners are confirmed and match the marks.'
          : 'The section winners are not confirmed, or no longer match the marks.',
    action: {
      label: 'Open winners and release',
      href: (id) => paths.staffEventWinners.href({ id }),
    },
  },
  'data-requests': {
    title: 'Data requests waiting',
    says: (t) =>
      t.count === 0
        ? 'No family is waiting for their data to be erased.'
        : `${plural(t.count, 'family', 'families')} asked for their data to be erased and are waiting.`,
    action: { label: 'Open data requests', href: () => paths.staffDataRequests.href() },
  },
  'background-work': {
    title: 'Background work failing',
    says: (t) =>
      t.count === 0
        ? 'No background job failed this week, and no file is held back.'
        : `${plural(t.count, 'job or file', 'jobs or files')} failed this week or are held back by an outage.`,
    action: { label: 'Open background jobs', href: () => paths.staffJobs.href() },
  },
  teachers: {
    title: 'Teachers waiting',
    says: (t) =>
      t.count === 0
        ? 'No teacher is waiting to act for a school.'
        : `${plural(t.count, 'teacher')} asked to act for a school and ${t.count === 1 ? 'is' : 'are'} waiting for an answer.`,
    action: { label: 'Open teachers', href: () => paths.staffTeachers.href() },
  },
  translations: {
    title: 'Texts not translated',
    says: (t) =>
      t.count === 0
        ? 'Every text of the site and the catalogue is in each language the site offers.'
        : `${plural(t.count, 'text')} not translated: families reading another language see the English of ${t.count === 1 ? 'it' : 'them'} until ${t.count === 1 ? 'it is' : 'they are'}.`,
    action: {
      label: 'Open the site content',
      href: (eventId) => paths.staffEventContent.href({ id: eventId }),
    },
  },
};
