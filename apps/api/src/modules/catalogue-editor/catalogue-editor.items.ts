import {
  CATALOGUE_EDITOR_MESSAGES,
  itemProblems,
  type EventDates,
  type ItemFields,
  type Section,
  type StaffItem,
} from '@eisteddfod/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import {
  change,
  noItem,
  nowOf,
  readItem,
  requireCategory,
  toStaffItem,
} from './catalogue-editor.changes.ts';
import * as repo from './catalogue-editor.repository.ts';
import type { CatalogueEditorDependencies } from './catalogue-editor.service.ts';

// An event's items, one at a time, each change audited. An item families entered is never
// deleted, and its price is fixed once an order with it is paid (or being paid).

/** The columns of an item from what the organiser sent; a retired item keeps its first date. */
function columnsOf(
  fields: ItemFields,
  before: repo.ItemRow | undefined,
  now: Date,
): repo.ItemChanges {
  return repo.itemColumns(fields, fields.retired ? (before?.retiredAt ?? now) : null, before);
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

export async function addItem(
  deps: CatalogueEditorDependencies,
  organiserId: number,
  eventId: number,
  fields: ItemFields,
): Promise<StaffItem> {
  return change(deps, eventId, async (tx, dates) => {
    const category = await requireCategory(tx, eventId, fields.categoryId);
    assertItemRules(fields, dates, category.section);
    const [id] = await writeItem(fields.code, () =>
      repo.insertItems(tx, eventId, [columnsOf(fields, undefined, nowOf(deps))]),
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
}

export async function updateItem(
  deps: CatalogueEditorDependencies,
  organiserId: number,
  eventId: number,
  itemId: number,
  fields: ItemFields,
): Promise<StaffItem> {
  return change(deps, eventId, async (tx, dates) => {
    const row = await repo.lockItem(tx, eventId, itemId);
    if (!row) throw noItem(itemId);
    const before = toStaffItem(row);
    const category = await requireCategory(tx, eventId, fields.categoryId);
    assertItemRules(fields, dates, category.section);
    if (before.paidEntries > 0 && fields.priceCents !== before.priceCents)
      throw new AppError(409, 'ITEM_PRICE_FIXED', CATALOGUE_EDITOR_MESSAGES.priceUnderPaidOrder);
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
      repo.updateItem(tx, itemId, columnsOf(fields, row, nowOf(deps))),
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
}

export async function deleteItem(
  deps: CatalogueEditorDependencies,
  organiserId: number,
  eventId: number,
  itemId: number,
): Promise<void> {
  await change(deps, eventId, async (tx) => {
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
}
