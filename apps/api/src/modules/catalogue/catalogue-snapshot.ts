import {
  EventContentSchema,
  endOfDay,
  type EventContent,
  type Category,
  type EventSummary,
  type Item,
  type MainFileKind,
  translationsIfAny,
} from '@eisteddfod/shared';
import type { CompressedJson } from '../../lib/compressed-json.ts';
import { LruCache } from '../../lib/compressed-json.ts';
import type { CategoryRow, EventRow, ItemRow } from './catalogue.repository.ts';

/** An item as kept in memory: its response shape less the per-request deadline flag. */
export interface CatalogueEntry {
  item: Omit<Item, 'deadlinePassed'>;
  deadlineMs: number;
  /**
   * Retired by an organiser: left out of every list and search (no new cart takes it), still
   * found by id for the orders that have it.
   */
  retired: boolean;
  /** What its main file may be; the uploads check it (not in the families' Item). */
  mainFileKinds: MainFileKind[];
  /** The longest performance in seconds, or null; processing warns about longer recordings. */
  timeLimitSeconds: number | null;
  /** Lower-cased code and descriptions, searched by `matchesSearch`. */
  haystack: string;
  /** The item's JSON before and after its deadline, serialised once per snapshot. */
  json: { open: string; late: string };
}

/**
 * One event's whole catalogue, read from the database at once and searched in memory. A
 * catalogue is a few hundred rows read by thousands of families and edited rarely, so this
 * is far cheaper than a query per request (docs/decisions/002-catalogue-in-memory.md).
 */
export interface CatalogueSnapshot {
  event: EventSummary;
  /** The public site's content; undefined when the event has none (or it no longer parses). */
  content: EventContent | undefined;
  categories: Category[];
  entries: CatalogueEntry[];
  loadedAt: number;
  /** The distinct deadline instants of the items, ascending. */
  deadlines: number[];
  /** Pages already assembled (and compressed) from this snapshot, by filter. */
  pages: LruCache<CompressedJson>;
}

/** Bounds the pages kept per snapshot: popular searches and the first pages of categories. */
const MAX_CACHED_PAGES = 2000;

const translatedWords = (row: ItemRow): string[] =>
  Object.values(row.translations).flatMap((t) => [t?.shortDescription ?? '', t?.description ?? '']);

/** How many deadlines have passed at `nowMs`: a page's JSON changes only when this does. */
export function deadlineEpoch(snapshot: CatalogueSnapshot, nowMs: number): number {
  let passed = 0;
  for (const d of snapshot.deadlines) if (nowMs > d) passed++;
  return passed;
}

/** An event's row as the catalogue and the organisers' screens read it. */
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
    section: c.section,
    ...translationsIfAny(c.translations),
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
    const item: CatalogueEntry['item'] = {
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
      grades:
        row.lowestGrade && row.highestGrade
          ? { lowest: row.lowestGrade, highest: row.highestGrade }
          : null,
      otherGradesAllowed: row.otherGradesAllowed,
      ...translationsIfAny(row.translations),
    };
    return [
      {
        item,
        deadlineMs,
        retired: row.retiredAt !== null,
        mainFileKinds: row.mainFileKinds,
        timeLimitSeconds: row.timeLimitSeconds,
        // A family finds an item by its words in any language it is written in.
        haystack: [row.code, row.shortDescription, row.description, ...translatedWords(row)]
          .join('\n')
          .toLowerCase(),
        json: {
          open: JSON.stringify({ ...item, deadlinePassed: false }),
          late: JSON.stringify({ ...item, deadlinePassed: true }),
        },
      },
    ];
  });
  const content = EventContentSchema.safeParse(event.content);
  return {
    event: toEventSummary(event),
    content: content.success ? content.data : undefined,
    categories,
    entries,
    loadedAt,
    deadlines: [...deadlines.values()].sort((a, b) => a - b),
    pages: new LruCache(MAX_CACHED_PAGES),
  };
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

/** The same item as JSON text, without serialising anything per request. */
export function jsonWithDeadline(entry: CatalogueEntry, nowMs: number): string {
  return nowMs > entry.deadlineMs ? entry.json.late : entry.json.open;
}
