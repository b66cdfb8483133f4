import {
  CATALOGUE_EDITOR_MESSAGES,
  itemProblems,
  type CategoryFields,
  type EventDates,
  type ImportReport,
  type ItemFields,
  type Section,
  type SpreadsheetFormat,
  type StaffCatalogue,
  type StaffCategory,
  type StaffItem,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { toEventSummary } from '../catalogue/index.ts';
import { findEvent, lockEvent, takeTurn } from '../events/index.ts';
import { planImport, type ImportPlan } from './catalogue-import.ts';
import { readSheet, writeSheet } from './catalogue-sheet.ts';
import * as repo from './catalogue-editor.repository.ts';

export interface CatalogueEditorDependencies {
  db: Database;
  /** After a change: every instance drops the event's catalogue (this one at once). */
  invalidate: (eventId: number) => void;
  now?: () => Date;
}

const noEvent = (id: number) => notFound('EVENT_NOT_FOUND', `There is no event with id ${id}`);
const noCategory = (id: number) =>
  notFound('CATEGORY_NOT_FOUND', `There is no category with id ${id} in this event`);
const noItem = (id: number) =>
  notFound('ITEM_NOT_FOUND', `There is no item with id ${id} in this event`);

function toStaffCategory(row: repo.CountedCategoryRow): StaffCategory {
  return { id: row.id, name: row.name, section: row.section, items: row.items };
}

function toStaffItem(row: repo.CountedItemRow): StaffItem {
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
    entries: row.entries,
    paidEntries: row.paidEntries,
  };
}

/** The columns of an item from what the organiser sent; a retired item keeps its first date. */
function columnsOf(
  fields: ItemFields,
  before: repo.ItemRow | undefined,
  now: Date,
): repo.ItemChanges {
  return repo.itemColumns(fields, fields.retired ? (before?.retiredAt ?? now) : null, before);
}

/**
 * Organisers edit an event's catalogue (issue 16): categories and items one at a time, or all
 * of it as a spreadsheet. An item families entered is never deleted, and its price is fixed
 * once an order with it is paid (or being paid): it is retired instead. Every change is audited
 * and reaches every instance's catalogue.
 */
export function createCatalogueEditorService(deps: CatalogueEditorDependencies) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Runs `work` with the event locked (event changes and catalogue changes take turns: moving
   * the dates moves every due date), then tells every instance.
   */
  async function change<T>(
    eventId: number,
    work: (tx: Database, dates: EventDates) => Promise<T>,
  ): Promise<T> {
    const result = await db.transaction(async (tx) => {
      await takeTurn(tx);
      const event = await lockEvent(tx, eventId);
      if (!event) throw noEvent(eventId);
      return work(tx, toEventSummary(event).dates);
    });
    deps.invalidate(eventId);
    return result;
  }

  async function requireCategory(tx: Database, eventId: number, categoryId: number) {
    const category = await repo.findCategory(tx, eventId, categoryId);
    if (!category) throw noCategory(categoryId);
    return category;
  }

  async function assertCategoryNameFree(
    tx: Database,
    eventId: number,
    name: string,
    exceptId?: number,
  ) {
    const taken = (await repo.listCategories(tx, eventId)).some(
      (c) => c.id !== exceptId && c.name.toLowerCase() === name.toLowerCase(),
    );
    if (taken)
      throw new AppError(409, 'CATEGORY_NAME_TAKEN', `There is a category named ${name} already.`);
  }

  function assertItemRules(fields: ItemFields, dates: EventDates, section: Section) {
    const [problem] = itemProblems(fields, dates, section);
    if (problem) throw badRequest('VALIDATION_ERROR', problem.message);
  }

  /** The code is unique in the event (the index says so too; this says it in words). */
  async function writeItem<T>(code: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError(409, 'ITEM_CODE_TAKEN', CATALOGUE_EDITOR_MESSAGES.codeTaken(code));
      throw err;
    }
  }

  async function readItem(tx: Database, eventId: number, itemId: number): Promise<StaffItem> {
    const row = await repo.lockItem(tx, eventId, itemId);
    if (!row) throw noItem(itemId);
    return toStaffItem(row);
  }

  async function catalogueOf(tx: Database, eventId: number): Promise<StaffCatalogue> {
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

  /** The import's plan for this spreadsheet, against the event as it is in `tx`. */
  async function plan(
    tx: Database,
    eventId: number,
    dates: EventDates,
    file: { fileName: string; data: Buffer },
  ): Promise<ImportPlan> {
    const rows = await readSheet(file);
    const current = await catalogueOf(tx, eventId);
    return planImport(rows, { ...current, dates, now: now() });
  }

  function reportOf(result: ImportPlan, committed: boolean): ImportReport {
    return {
      committed,
      rows: result.rows,
      created: result.creates.length,
      updated: result.updates.length,
      unchanged: result.unchanged,
      problems: result.problems,
    };
  }

  return {
    async get(eventId: number): Promise<StaffCatalogue> {
      if (!(await findEvent(db, eventId))) throw noEvent(eventId);
      return catalogueOf(db, eventId);
    },

    async addCategory(organiserId: number, eventId: number, fields: CategoryFields) {
      return change(eventId, async (tx) => {
        await assertCategoryNameFree(tx, eventId, fields.name);
        const id = await repo.insertCategory(tx, eventId, fields);
        const created = await requireCategory(tx, eventId, id);
        await audit(tx, {
          actorCustomerId: organiserId,
          action: 'category.add',
          entityType: 'category',
          entityId: id,
          details: { eventId, after: toStaffCategory(created) },
        });
        return toStaffCategory(created);
      });
    },

    async updateCategory(
      organiserId: number,
      eventId: number,
      categoryId: number,
      fields: CategoryFields,
    ) {
      return change(eventId, async (tx) => {
        const before = await requireCategory(tx, eventId, categoryId);
        await assertCategoryNameFree(tx, eventId, fields.name, categoryId);
        if (fields.section !== before.section) {
          const entered = (await repo.listItems(tx, eventId)).some(
            (i) => i.categoryId === categoryId && i.entries > 0,
          );
          if (entered)
            throw new AppError(
              409,
              'ITEM_ENTERED',
              'Families have entered items of this category: it stays in its section.',
            );
        }
        await repo.updateCategory(tx, categoryId, fields);
        const after = await requireCategory(tx, eventId, categoryId);
        await audit(tx, {
          actorCustomerId: organiserId,
          action: 'category.update',
          entityType: 'category',
          entityId: categoryId,
          details: { eventId, before: toStaffCategory(before), after: toStaffCategory(after) },
        });
        return toStaffCategory(after);
      });
    },

    async deleteCategory(organiserId: number, eventId: number, categoryId: number) {
      await change(eventId, async (tx) => {
        const before = await requireCategory(tx, eventId, categoryId);
        if (before.items > 0)
          throw new AppError(409, 'CATEGORY_NOT_EMPTY', CATALOGUE_EDITOR_MESSAGES.categoryNotEmpty);
        await repo.deleteCategory(tx, categoryId);
        await audit(tx, {
          actorCustomerId: organiserId,
          action: 'category.delete',
          entityType: 'category',
          entityId: categoryId,
          details: { eventId, before: toStaffCategory(before) },
        });
      });
    },

    async addItem(organiserId: number, eventId: number, fields: ItemFields): Promise<StaffItem> {
      return change(eventId, async (tx, dates) => {
        const category = await requireCategory(tx, eventId, fields.categoryId);
        assertItemRules(fields, dates, category.section);
        const [id] = await writeItem(fields.code, () =>
          repo.insertItems(tx, eventId, [columnsOf(fields, undefined, now())]),
        );
        if (id === undefined) throw new Error('The item was not created');
        const created = await readItem(tx, eventId, id);
        await audit(tx, {
          actorCustomerId: organiserId,
          action: 'item.add',
          entityType: 'item',
          entityId: id,
          details: { eventId, after: created },
        });
        return created;
      });
    },

    async updateItem(
      organiserId: number,
      eventId: number,
      itemId: number,
      fields: ItemFields,
    ): Promise<StaffItem> {
      return change(eventId, async (tx, dates) => {
        const row = await repo.lockItem(tx, eventId, itemId);
        if (!row) throw noItem(itemId);
        const before = toStaffItem(row);
        const category = await requireCategory(tx, eventId, fields.categoryId);
        assertItemRules(fields, dates, category.section);
        if (before.paidEntries > 0 && fields.priceCents !== before.priceCents)
          throw new AppError(
            409,
            'ITEM_PRICE_FIXED',
            CATALOGUE_EDITOR_MESSAGES.priceUnderPaidOrder,
          );
        if (before.entries > 0) {
          const oldCategory = await requireCategory(tx, eventId, before.categoryId);
          if (fields.isGroupItem !== before.isGroupItem || category.section !== oldCategory.section)
            throw new AppError(
              409,
              'ITEM_ENTERED',
              'Families have entered this item: it stays a group or individual item of its section.',
            );
        }
        await writeItem(fields.code, () =>
          repo.updateItem(tx, itemId, columnsOf(fields, row, now())),
        );
        const after = await readItem(tx, eventId, itemId);
        await audit(tx, {
          actorCustomerId: organiserId,
          action:
            fields.retired !== before.retired
              ? fields.retired
                ? 'item.retire'
                : 'item.restore'
              : 'item.update',
          entityType: 'item',
          entityId: itemId,
          details: { eventId, before, after },
        });
        return after;
      });
    },

    async deleteItem(organiserId: number, eventId: number, itemId: number): Promise<void> {
      await change(eventId, async (tx) => {
        const before = await readItem(tx, eventId, itemId);
        if (before.entries > 0)
          throw new AppError(409, 'ITEM_ENTERED', CATALOGUE_EDITOR_MESSAGES.itemEntered);
        await repo.deleteItem(tx, itemId);
        await audit(tx, {
          actorCustomerId: organiserId,
          action: 'item.delete',
          entityType: 'item',
          entityId: itemId,
          details: { eventId, before },
        });
      });
    },

    /** The catalogue as a spreadsheet: the columns an import reads, so a round trip is a no-op. */
    async exportSheet(eventId: number, format: SpreadsheetFormat) {
      const event = await findEvent(db, eventId);
      if (!event) throw noEvent(eventId);
      const data = await writeSheet(await catalogueOf(db, eventId), format);
      return { data, fileName: `catalogue-${event.year}.${format}` };
    },

    /**
     * Checks a spreadsheet against the event (a dry run), or imports it: every row or none. An
     * import with a problem left writes nothing and answers the same report as its dry run.
     */
    async importSheet(
      organiserId: number,
      eventId: number,
      file: { fileName: string; data: Buffer },
      commit: boolean,
    ): Promise<ImportReport> {
      if (!commit) {
        const event = await findEvent(db, eventId);
        if (!event) throw noEvent(eventId);
        return reportOf(await plan(db, eventId, toEventSummary(event).dates, file), false);
      }
      return change(eventId, async (tx, dates) => {
        await repo.lockItemsOf(tx, eventId);
        const result = await plan(tx, eventId, dates, file);
        if (result.problems.length > 0) return reportOf(result, false);
        await repo.insertItems(tx, eventId, result.creates);
        await repo.updateItems(tx, result.updates);
        await audit(tx, {
          actorCustomerId: organiserId,
          action: 'catalogue.import',
          entityType: 'event',
          entityId: eventId,
          details: {
            fileName: file.fileName,
            created: result.creates.map((c) => c.code),
            updated: result.updates.map((u) => ({ code: u.row.code, before: u.before })),
          },
        });
        return reportOf(result, true);
      });
    },
  };
}
