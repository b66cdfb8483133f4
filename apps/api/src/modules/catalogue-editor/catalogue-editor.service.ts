import type {
  CategoryFields,
  EventDates,
  ImportReport,
  ItemFields,
  SpreadsheetFormat,
  StaffCatalogue,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { toEventSummary } from '../catalogue/index.ts';
import { findEvent } from '../events/index.ts';
import { planImport, type ImportPlan } from './catalogue-import.ts';
import { readSheet, writeSheet } from './catalogue-sheet.ts';
import { addCategory, deleteCategory, updateCategory } from './catalogue-editor.categories.ts';
import { catalogueOf, change, noEvent, nowOf } from './catalogue-editor.changes.ts';
import { addItem, deleteItem, updateItem } from './catalogue-editor.items.ts';
import * as repo from './catalogue-editor.repository.ts';

export interface CatalogueEditorDependencies {
  db: Database;
  /** After a change: every instance drops the event's catalogue (this one at once). */
  invalidate: (eventId: number) => void;
  now?: () => Date;
}

/** The import's plan for this spreadsheet, against the event as it is in `tx`. */
async function plan(
  deps: CatalogueEditorDependencies,
  tx: Database,
  eventId: number,
  dates: EventDates,
  file: { fileName: string; data: Buffer },
): Promise<ImportPlan> {
  const rows = await readSheet(file);
  const current = await catalogueOf(tx, eventId);
  return planImport(rows, { ...current, dates, now: nowOf(deps) });
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

/**
 * Checks a spreadsheet against the event (a dry run), or imports it: every row or none. An
 * import with a problem left writes nothing and answers the same report as its dry run.
 */
async function importSheet(
  deps: CatalogueEditorDependencies,
  organiserId: number,
  eventId: number,
  file: { fileName: string; data: Buffer },
  commit: boolean,
): Promise<ImportReport> {
  if (!commit) {
    const event = await findEvent(deps.db, eventId);
    if (!event) throw noEvent(eventId);
    return reportOf(await plan(deps, deps.db, eventId, toEventSummary(event).dates, file), false);
  }
  return change(deps, eventId, async (tx, dates) => {
    await repo.lockItemsOf(tx, eventId);
    const result = await plan(deps, tx, eventId, dates, file);
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
}

/**
 * Organisers edit an event's catalogue (issue 16): categories (catalogue-editor.categories.ts)
 * and items (catalogue-editor.items.ts) one at a time, or all of it as a spreadsheet. An item
 * families entered is never deleted, and its price is fixed once an order with it is paid (or
 * being paid): it is retired instead. Every change is audited and reaches every instance's
 * catalogue (catalogue-editor.changes.ts).
 */
export function createCatalogueEditorService(deps: CatalogueEditorDependencies) {
  const { db } = deps;
  return {
    async get(eventId: number): Promise<StaffCatalogue> {
      if (!(await findEvent(db, eventId))) throw noEvent(eventId);
      return catalogueOf(db, eventId);
    },

    addCategory: (organiserId: number, eventId: number, fields: CategoryFields) =>
      addCategory(deps, organiserId, eventId, fields),

    updateCategory: (
      organiserId: number,
      eventId: number,
      categoryId: number,
      fields: CategoryFields,
    ) => updateCategory(deps, organiserId, eventId, categoryId, fields),

    deleteCategory: (organiserId: number, eventId: number, categoryId: number) =>
      deleteCategory(deps, organiserId, eventId, categoryId),

    addItem: (organiserId: number, eventId: number, fields: ItemFields) =>
      addItem(deps, organiserId, eventId, fields),

    updateItem: (organiserId: number, eventId: number, itemId: number, fields: ItemFields) =>
      updateItem(deps, organiserId, eventId, itemId, fields),

    deleteItem: (organiserId: number, eventId: number, itemId: number) =>
      deleteItem(deps, organiserId, eventId, itemId),

    /** The catalogue as a spreadsheet: the columns an import reads, so a round trip is a no-op. */
    async exportSheet(eventId: number, format: SpreadsheetFormat) {
      const event = await findEvent(db, eventId);
      if (!event) throw noEvent(eventId);
      const data = await writeSheet(await catalogueOf(db, eventId), format);
      return { data, fileName: `catalogue-${event.year}.${format}` };
    },

    importSheet: (
      organiserId: number,
      eventId: number,
      file: { fileName: string; data: Buffer },
      commit: boolean,
    ) => importSheet(deps, organiserId, eventId, file, commit),
  };
}
