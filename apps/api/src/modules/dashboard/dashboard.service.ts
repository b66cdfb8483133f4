import { addDays, type Dashboard, SECTIONS } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './dashboard.repository.ts';

export interface DashboardDependencies {
  db: Database;
}

/** Every calendar day from `first` to `last`, both included. */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Entries (per section, with running totals) and revenue for every day from the first to the last. */
function dayByDay(
  entryRows: Awaited<ReturnType<typeof repo.countEntriesByDay>>,
  revenueRows: Awaited<ReturnType<typeof repo.sumRevenueByDay>>,
): Dashboard['days'] {
  const seen = [...entryRows.map((r) => r.day), ...revenueRows.map((r) => r.day)].sort();
  const first = seen[0];
  const last = seen.at(-1);
  const running = new Map<string, number>(SECTIONS.map((s) => [s, 0]));
  return first === undefined || last === undefined
    ? []
    : daysBetween(first, last).map((date) => {
        const revenue = revenueRows.find((r) => r.day === date);
        return {
          date,
          sections: SECTIONS.map((section) => {
            const entries =
              entryRows.find((r) => r.day === date && r.section === section)?.entries ?? 0;
            const cumulative = (running.get(section) ?? 0) + entries;
            running.set(section, cumulative);
            return { section, entries, cumulative };
          }),
          revenueCents: revenue?.cents ?? 0,
          paidOrders: revenue?.orders ?? 0,
        };
      });
}

/**
 * The organiser's dashboard of one event (issue 17, decision 023). Figures come from a few
 * grouped queries; here they are laid out per day and per section, gaps filled with zeros.
 */
export function createDashboardService({ db }: DashboardDependencies) {
  return {
    async figures(eventId: number): Promise<Dashboard> {
      const event = await repo.findEvent(db, eventId);
      if (!event) throw notFound('EVENT_NOT_FOUND', `There is no event with id ${eventId}.`);
      const [entryRows, revenueRows, uploadRows, adjudicators, assigned, marks] = await Promise.all(
        [
          repo.countEntriesByDay(db, eventId, event.timeZone),
          repo.sumRevenueByDay(db, eventId, event.timeZone),
          repo.countUploadsBySection(db, eventId),
          repo.findAdjudicators(db),
          repo.countAssignedByAdjudicator(db, eventId),
          repo.countMarksByAdjudicator(db, eventId),
        ],
      );

      const days = dayByDay(entryRows, revenueRows);

      const uploads = SECTIONS.map((section) => {
        const r = uploadRows.find((x) => x.section === section);
        return {
          section,
          paid: r?.paid ?? 0,
          complete: r?.complete ?? 0,
          finalised: r?.finalised ?? 0,
          submitted: r?.submitted ?? 0,
          published: r?.published ?? 0,
        };
      });
      const sum = (key: keyof (typeof uploads)[number] & string) =>
        uploads.reduce((n, u) => n + (u[key] as number), 0);

      return {
        eventId: event.id,
        eventName: event.name,
        timeZone: event.timeZone,
        days,
        entries: {
          total: sum('paid'),
          sections: uploads.map((u) => ({ section: u.section, entries: u.paid })),
        },
        revenue: {
          totalCents: revenueRows.reduce((n, r) => n + r.cents, 0),
          paidOrders: revenueRows.reduce((n, r) => n + r.orders, 0),
        },
        uploads: {
          sections: uploads.map(({ section, paid, complete, finalised }) => ({
            section,
            paid,
            complete,
            finalised,
          })),
          overall: { paid: sum('paid'), complete: sum('complete'), finalised: sum('finalised') },
        },
        marking: {
          adjudicators: adjudicators.map((a) => {
            const counts = marks.find((m) => m.adjudicatorId === a.id);
            return {
              id: a.id,
              name: `${a.firstName} ${a.surname}`,
              assigned: assigned.find((x) => x.adjudicatorId === a.id)?.assigned ?? 0,
              drafts: counts?.drafts ?? 0,
              submitted: counts?.submitted ?? 0,
            };
          }),
          finalised: sum('finalised'),
          submitted: sum('submitted'),
          published: sum('published'),
        },
      };
    },
  };
}
