import {
  endOfDay,
  type Category,
  type EventSummary,
  type Item,
  type Section,
} from '@eisteddfod/shared';
import type { CategoryRow, EventRow, ItemRow } from './catalogue.repository.ts';

/** An item as kept in memory: its response shape less the per-request deadline flag. */
export interface CatalogueEntry {
  item: Omit<Item, 'deadlinePassed'>;
  deadlineMs: number;
  /** Lower-cased code and descriptions, searched by `matchesSearch`. */
  haystack: string;
}

/**
 * One event's whole catalogue, read from the database at once and searched in memory. A
 * catalogue is a few hundred rows read by thousands of families and edited rarely, so this
 * is far cheaper than a query per request (docs/decisions/002-catalogue-in-memory.md).
 */
export interface CatalogueSnapshot {
  event: EventSummary;
  categories: Category[];
  entries: CatalogueEntry[];
  loadedAt: number;
}

export function toEventSummary(row: EventRow): EventSummary {
  return {
    id: row.id,
    name: row.name,
    year: row.year,
    timeZone: row.timeZone,
    dates: {
      registrationOpens: row.registrationOpens,
      registrationCloses: row.registrationCloses,
      uploadsOpen: row.uploadsOpen,
      submissionStarts: row.submissionStarts,
      submissionEnds: row.submissionEnds,
      visualArtsDue: row.visualArtsDue,
      galaAwards: row.galaAwards,
      lateEntryFrom: row.lateEntryFrom,
    },
    fees: {
      individualCents: row.individualFeeCents,
      groupSmallCents: row.groupSmallFeeCents,
      groupLargeCents: row.groupLargeFeeCents,
      groupLargeFromParticipants: row.groupLargeFromParticipants,
      changeFeeCents: row.changeFeeCents,
      amendmentFeeCents: row.amendmentFeeCents,
      lateSurchargePercent: row.lateSurchargePercent,
    },
  };
}

export function buildSnapshot(
  event: EventRow,
  categoryRows: CategoryRow[],
  itemRows: ItemRow[],
  loadedAt: number,
): CatalogueSnapshot {
  const categories: Category[] = categoryRows.map((c) => ({
    id: c.id,
    name: c.name,
    section: c.section as Section,
  }));
  const byId = new Map(categories.map((c) => [c.id, c]));
  const deadlines = new Map<string, number>();
  const entries = itemRows.flatMap((row): CatalogueEntry[] => {
    const category = byId.get(row.categoryId);
    if (!category) return [];
    let deadlineMs = deadlines.get(row.dueDate);
    if (deadlineMs === undefined) {
      deadlineMs = endOfDay(row.dueDate, event.timeZone).getTime();
      deadlines.set(row.dueDate, deadlineMs);
    }
    return [
      {
        item: {
          id: row.id,
          code: row.code,
          shortDescription: row.shortDescription,
          description: row.description,
          price: row.priceCents,
          dueDate: row.dueDate,
          isGroupItem: row.isGroupItem,
          minimumParticipants: row.minimumParticipants,
          maximumParticipants: row.maximumParticipants,
          requiresAnInstrument: row.requiresAnInstrument,
          category,
        },
        deadlineMs,
        haystack: `${row.code}\n${row.shortDescription}\n${row.description}`.toLowerCase(),
      },
    ];
  });
  return { event: toEventSummary(event), categories, entries, loadedAt };
}

/** Every word of the search must appear in the code or a description, ignoring case. */
export function matchesSearch(entry: CatalogueEntry, words: string[]): boolean {
  return words.every((w) => entry.haystack.includes(w));
}

export function searchWords(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

export function withDeadline(entry: CatalogueEntry, nowMs: number): Item {
  return { ...entry.item, deadlinePassed: nowMs > entry.deadlineMs };
}
