import type { ReminderKind } from '@eisteddfod/shared';
import * as repo from './reminders.repository.ts';
import type { RemindersDependencies } from './reminders.service.ts';

/**
 * The live event's entries a reminder of `kind` is about now, for the organiser's task list:
 * the families and their entries, how many of those families a reminder would reach now (not
 * told of these very entries yet), and the nearest due date among them.
 */
export async function outstanding(
  deps: Pick<RemindersDependencies, 'db' | 'now'>,
  eventId: number,
  kind: ReminderKind,
) {
  const concerned = [
    ...(await repo.findConcerned(deps.db, eventId, kind, new Date(deps.now()))).values(),
  ];
  const dueDates = concerned.flatMap((f) => f.entries.map((e) => e.dueDate)).sort();
  return {
    families: concerned,
    notYetReminded: (await repo.findAudience(deps.db, eventId, kind, new Date(deps.now()))).length,
    nextDueDate: dueDates[0] ?? null,
  };
}
