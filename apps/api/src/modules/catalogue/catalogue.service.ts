import {
  EVENT_TEXT,
  mayEnterGrade,
  type Category,
  type EventSummary,
  type Item,
  type ItemPage,
  type MainFileKind,
  type Section,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './catalogue.repository.ts';
import { CompressedJson } from '../../lib/compressed-json.ts';
import {
  buildSnapshot,
  deadlineEpoch,
  jsonWithDeadline,
  matchesSearch,
  searchWords,
  withDeadline,
  type CatalogueSnapshot,
} from './catalogue-snapshot.ts';

export interface CatalogueServiceOptions {
  /** How long a snapshot is served before it is read again. */
  ttlMs: number;
  /** The configured event; otherwise the most recent one. */
  eventId?: number | undefined;
  now?: () => number;
  /** Tells the other instances that a catalogue changed (plugins/changes.ts). */
  announceChange?: (eventId: number | undefined) => void;
}

export interface ItemFilter {
  categoryId?: number;
  section?: Section;
  /** Only what a contestant of this grade may enter (issue 32). */
  grade?: string | undefined;
  search: string;
  skip: number;
  take: number;
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** The parts of the catalogue the operations share: the clock and the snapshots. */
interface CatalogueDeps {
  now: () => number;
  /** The event's snapshot, loaded when missing or older than the TTL; 404 for no event. */
  snapshot: (eventId: number) => Promise<CatalogueSnapshot>;
}

/** The snapshots this instance serves, and which event is live, each kept for the TTL. */
function createSnapshots(db: Database, options: CatalogueServiceOptions, now: () => number) {
  const snapshots = new Map<number, Promise<CatalogueSnapshot | undefined>>();
  /** The live event's id as last read, kept as long as a snapshot (every request asks it). */
  let live: { id: Promise<number | undefined>; readAt: number } | undefined;

  /** Forgets a catalogue, or every catalogue and which event is live (no id). */
  function forget(eventId?: number) {
    if (eventId === undefined) {
      snapshots.clear();
      live = undefined;
    } else snapshots.delete(eventId);
  }

  function liveEventId(): Promise<number | undefined> {
    if (!live || now() - live.readAt > options.ttlMs) {
      const read = { id: repo.findLiveEventId(db), readAt: now() };
      // Nothing live yet (before seeding), or the read failed: ask again next time.
      read.id.then(
        (id) => id === undefined && live === read && (live = undefined),
        () => live === read && (live = undefined),
      );
      live = read;
    }
    return live.id;
  }

  async function snapshot(eventId: number): Promise<CatalogueSnapshot> {
    let pending = snapshots.get(eventId);
    const cached = pending && (await pending);
    if (!pending || !cached || now() - cached.loadedAt > options.ttlMs) {
      // Concurrent requests share one load instead of stampeding the database.
      pending = load(db, eventId, now);
      snapshots.set(eventId, pending);
      pending.catch(() => snapshots.delete(eventId));
    }
    const loaded = await pending;
    if (!loaded) {
      snapshots.delete(eventId);
      throw notFound('EVENT_NOT_FOUND', EVENT_TEXT.say('noEvent', { id: String(eventId) }));
    }
    return loaded;
  }

  return { forget, liveEventId, snapshot };
}

async function load(
  db: Database,
  eventId: number,
  now: () => number,
): Promise<CatalogueSnapshot | undefined> {
  const event = await repo.findEvent(db, eventId);
  if (!event) return undefined;
  const [categories, items] = await Promise.all([
    repo.findCategories(db, eventId),
    repo.findItems(db, eventId),
  ]);
  return buildSnapshot(event, categories, items, now());
}

function matching(snap: CatalogueSnapshot, filter: ItemFilter) {
  const words = searchWords(filter.search);
  const found = snap.entries.filter(
    (e) =>
      !e.retired &&
      (filter.categoryId === undefined || e.item.category.id === filter.categoryId) &&
      (filter.section === undefined || e.item.category.section === filter.section) &&
      (filter.grade === undefined || mayEnterGrade(e.item, filter.grade)) &&
      matchesSearch(e, words),
  );
  return { total: found.length, entries: found.slice(filter.skip, filter.skip + filter.take) };
}

function page(now: () => number, snap: CatalogueSnapshot, filter: ItemFilter): ItemPage {
  const { total, entries } = matching(snap, filter);
  const nowMs = now();
  return { items: entries.map((e) => withDeadline(e, nowMs)), total };
}

/**
 * An ItemPage as JSON text, assembled from items serialised once per snapshot and kept until
 * the snapshot is replaced or a deadline passes.
 */
function pageJson(now: () => number, snap: CatalogueSnapshot, filter: ItemFilter): CompressedJson {
  const nowMs = now();
  const key = [
    filter.categoryId ?? '',
    filter.section ?? '',
    filter.grade ?? '',
    searchWords(filter.search).join(' '),
    filter.skip,
    filter.take,
    deadlineEpoch(snap, nowMs),
  ].join('|');
  return snap.pages.getOrCreate(key, () => {
    const { total, entries } = matching(snap, filter);
    const items = entries.map((e) => jsonWithDeadline(e, nowMs)).join(',');
    return new CompressedJson(`{"items":[${items}],"total":${total}}`);
  });
}

async function categoryFilter(
  deps: CatalogueDeps,
  eventId: number,
  categoryId: number,
  filter: ItemFilter,
) {
  const snap = await deps.snapshot(eventId);
  if (!snap.categories.some((c) => c.id === categoryId)) {
    throw notFound('CATEGORY_NOT_FOUND', EVENT_TEXT.say('noCategory', { id: String(categoryId) }));
  }
  return { snap, filter: { ...filter, categoryId } };
}

async function pageCategoryItems(
  deps: CatalogueDeps,
  eventId: number,
  categoryId: number,
  filter: ItemFilter,
) {
  const scoped = await categoryFilter(deps, eventId, categoryId, filter);
  return page(deps.now, scoped.snap, scoped.filter);
}

async function pageCategoryItemsJson(
  deps: CatalogueDeps,
  eventId: number,
  categoryId: number,
  filter: ItemFilter,
) {
  const scoped = await categoryFilter(deps, eventId, categoryId, filter);
  return pageJson(deps.now, scoped.snap, scoped.filter);
}

async function searchItems(deps: CatalogueDeps, eventId: number, search: string): Promise<Item[]> {
  const snap = await deps.snapshot(eventId);
  return page(deps.now, snap, { search, skip: 0, take: snap.entries.length }).items;
}

/** One item's entry in the event's snapshot, if the event has it. */
async function entryOf(deps: CatalogueDeps, eventId: number, itemId: number) {
  return (await deps.snapshot(eventId)).entries.find((e) => e.item.id === itemId);
}

export function createCatalogueService(db: Database, options: CatalogueServiceOptions) {
  const now = options.now ?? Date.now;
  const { forget, liveEventId, snapshot } = createSnapshots(db, options, now);
  const deps: CatalogueDeps = { now, snapshot };

  return {
    /**
     * The event the portal serves: EVENT_ID's when configured, else the one an organiser made
     * live; undefined before seeding.
     */
    async currentEventId(): Promise<number | undefined> {
      return options.eventId ?? liveEventId();
    },

    async getEvent(eventId: number): Promise<EventSummary> {
      return (await snapshot(eventId)).event;
    },

    /** The event with its public-site content and the whole catalogue, for pages and PDFs. */
    async getSnapshot(eventId: number): Promise<CatalogueSnapshot> {
      return snapshot(eventId);
    },

    async listCategories(eventId: number): Promise<Category[]> {
      return (await snapshot(eventId)).categories;
    },

    pageCategoryItems: (eventId: number, categoryId: number, filter: ItemFilter) =>
      pageCategoryItems(deps, eventId, categoryId, filter),

    async pageItems(eventId: number, filter: ItemFilter): Promise<ItemPage> {
      return page(now, await snapshot(eventId), filter);
    },

    /**
     * The browsing screens' hot path: the same page as `pageItems`, as ready JSON text
     * (docs/decisions/002-catalogue-in-memory.md).
     */
    async pageItemsJson(eventId: number, filter: ItemFilter): Promise<CompressedJson> {
      return pageJson(now, await snapshot(eventId), filter);
    },

    pageCategoryItemsJson: (eventId: number, categoryId: number, filter: ItemFilter) =>
      pageCategoryItemsJson(deps, eventId, categoryId, filter),

    searchItems: (eventId: number, search: string) => searchItems(deps, eventId, search),

    /** One item of the event, as the catalogue serves it, with its deadline flag for now. */
    async findItem(eventId: number, itemId: number): Promise<Item | undefined> {
      const entry = await entryOf(deps, eventId, itemId);
      return entry && withDeadline(entry, now());
    },

    /** Whether an organiser retired the item: it stays in orders but joins no new cart. */
    async isRetired(eventId: number, itemId: number): Promise<boolean> {
      return (await entryOf(deps, eventId, itemId))?.retired ?? false;
    },

    /** The kinds of main file the item takes (none for an item the event does not have). */
    async mainFileKindsOf(eventId: number, itemId: number): Promise<MainFileKind[]> {
      return (await entryOf(deps, eventId, itemId))?.mainFileKinds ?? [];
    },

    /** The item's time limit in seconds; null for none. */
    async timeLimitOf(eventId: number, itemId: number): Promise<number | null> {
      return (await entryOf(deps, eventId, itemId))?.timeLimitSeconds ?? null;
    },

    /** After a catalogue changed: every instance, this one at once, forgets its snapshot. */
    invalidate(eventId?: number) {
      forget(eventId);
      options.announceChange?.(eventId);
    },
    /** Drops this instance's snapshot (another instance announced a change). */
    forget,
  };
}
