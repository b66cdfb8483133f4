import type { EventDates, StaffCatalogue, StaffCategory, StaffItem } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { toEventSummary } from '../catalogue/index.ts';
import { lockEvent, takeTurn } from '../events/index.ts';
import * as repo from './catalogue-editor.repository.ts';
import type { CatalogueEditorDependencies } from './catalogue-editor.service.ts';

// How the editor changes an event's catalogue (in turn with event changes, the event locked,
// every instance told) and reads it back as organisers see it.

export const noEvent = (id: number) =>
  notFound('EVENT_NOT_FOUND', `There is no event with id ${id}`);
const noCategory = (id: number) =>
  notFound('CATEGORY_NOT_FOUND', `There is no category with id ${id} in this event`);
export const noItem = (id: number) =>
  notFound('ITEM_NOT_FOUND', `There is no item with id ${id} in this event`);

/** The editor's clock: the one it was given, else the machine's. */
export const nowOf = (deps: CatalogueEditorDependencies) => deps.now?.() ?? new Date();

export function toStaffCategory(row: repo.CountedCategoryRow): StaffCategory {
  return {
    id: row.id,
    name: row.name,
    section: row.section,
    translations: row.translations,
    items: row.items,
  };
}

export function toStaffItem(row: repo.CountedItemRow): StaffItem {
  return {
    id: row.id,
    code: row.code,
    categoryId: row.categoryId,
    shortDescription: row.shortDescription,
    description: row.description,
    priceCents: row.priceCents,
    dueDate: row.dueDate,
    isGroupItem: row.isGroupItem,
    minimumParticipants: row.minimumParticipants,
    maximumParticipants: row.maximumParticipants,
    requiresAnInstrument: row.requiresAnInstrument,
    mainFileKinds: row.mainFileKinds,
    timeLimitSeconds: row.timeLimitSeconds,
    retired: row.retiredAt !== null,
    grades:
      row.lowestGrade && row.highestGrade
        ? { lowest: row.lowestGrade, highest: row.highestGrade }
        : null,
    otherGradesAllowed: row.otherGradesAllowed,
    translations: row.translations,
    entries: row.entries,
    paidEntries: row.paidEntries,
  };
}

/**
 * Runs `work` with the event locked (event changes and catalogue changes take turns: moving
 * the dates moves every due date), then tells every instance.
 */
export async function change<T>(
  deps: CatalogueEditorDependencies,
  eventId: number,
  work: (tx: Database, dates: EventDates) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction(async (tx) => {
    await takeTurn(tx);
    const event = await lockEvent(tx, eventId);
    if (!event) throw noEvent(eventId);
    return work(tx, toEventSummary(event).dates);
  });
  deps.invalidate(eventId);
  return result;
}

export async function requireCategory(tx: Database, eventId: number, categoryId: number) {
  const category = await repo.findCategory(tx, eventId, categoryId);
  if (!category) throw noCategory(categoryId);
  return category;
}

export async function readItem(tx: Database, eventId: number, itemId: number): Promise<StaffItem> {
  const row = await repo.lockItem(tx, eventId, itemId);
  if (!row) throw noItem(itemId);
  return toStaffItem(row);
}

export async function catalogueOf(tx: Database, eventId: number): Promise<StaffCatalogue> {
  const [categories, items] = await Promise.all([
    repo.listCategories(tx, eventId),
    repo.listItems(tx, eventId),
  ]);
  return {
    eventId,
    categories: categories.map(toStaffCategory),
    items: items.map(toStaffItem),
  };
}
