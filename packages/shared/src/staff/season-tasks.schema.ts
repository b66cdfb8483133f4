import { z } from 'zod';
import { SEASON_PHASES } from './season-phase.rules.ts';

/**
 * The organiser's task list (issue 34, decision 060): what needs doing this week, computed from
 * the data each time it is asked for. Figures only; the console words them.
 */
export const SEASON_TASK_IDS = [
  'finalise-entries',
  'upload-files',
  'failed-files',
  'payments',
  'unassigned-entries',
  'unmarked-entries',
  'conflicts',
  'winners',
  'data-requests',
  'background-work',
  'teachers',
  'translations',
] as const;
export type SeasonTaskId = (typeof SEASON_TASK_IDS)[number];

/**
 * GOV.UK's task list states: 'to-do' needs someone now; 'done' needs nobody; 'not-yet' cannot
 * start in this phase (winners before marking); 'info' is worth a look but has no end (conflicts
 * declared: their entries go to other adjudicators).
 */
export const SEASON_TASK_STATUSES = ['to-do', 'not-yet', 'info', 'done'] as const;
export type SeasonTaskStatus = (typeof SEASON_TASK_STATUSES)[number];

const SeasonTaskSchema = z.object({
  id: z.enum(SEASON_TASK_IDS),
  status: z.enum(SEASON_TASK_STATUSES),
  /** How many rows need it (entries, files, payments, requests, jobs): 0 when done. */
  count: z.number().int(),
  /** Families concerned, where the task is about families' entries. */
  families: z.number().int().optional(),
  /** The nearest deadline the task runs to (an item's due date), YYYY-MM-DD. */
  nextDueDate: z.iso.date().nullable().optional(),
  /** Up to five rows to start from: what and where (a console path), or who and how many. */
  examples: z.array(z.object({ label: z.string(), href: z.string().nullable() })),
});
export type SeasonTask = z.infer<typeof SeasonTaskSchema>;

export const SeasonTasksSchema = z.object({
  /** The live event the tasks are about; null before there is one (and no tasks then). */
  event: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  phase: z.enum(SEASON_PHASES),
  /** The server's today in the event's time zone, YYYY-MM-DD (days to a deadline count from it). */
  today: z.iso.date(),
  tasks: z.array(SeasonTaskSchema),
});
export type SeasonTasks = z.infer<typeof SeasonTasksSchema>;
