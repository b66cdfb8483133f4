import { CATALOGUE_EDITOR_MESSAGES, type CategoryFields } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { change, requireCategory, toStaffCategory } from './catalogue-editor.changes.ts';
import * as repo from './catalogue-editor.repository.ts';
import type { CatalogueEditorDependencies } from './catalogue-editor.service.ts';

// An event's categories, one at a time, each change audited.

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

export async function addCategory(
  deps: CatalogueEditorDependencies,
  organiserId: number,
  eventId: number,
  fields: CategoryFields,
) {
  return change(deps, eventId, async (tx) => {
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
}

export async function updateCategory(
  deps: CatalogueEditorDependencies,
  organiserId: number,
  eventId: number,
  categoryId: number,
  fields: CategoryFields,
) {
  return change(deps, eventId, async (tx) => {
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
}

export async function deleteCategory(
  deps: CatalogueEditorDependencies,
  organiserId: number,
  eventId: number,
  categoryId: number,
) {
  await change(deps, eventId, async (tx) => {
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
}
