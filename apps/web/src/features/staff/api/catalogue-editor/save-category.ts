import { catalogueEditorApi, type CategoryFields } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useCatalogueChange } from './catalogue-change.ts';

/** Adds a category (no id) or changes one. */
export function useSaveCategory(eventId: number) {
  return useCatalogueChange(
    ({ id, fields }: { id?: number; fields: CategoryFields }) =>
      id === undefined
        ? callApi(catalogueEditorApi.addCategory, { params: { id: eventId }, body: fields })
        : callApi(catalogueEditorApi.updateCategory, {
            params: { id: eventId, categoryId: id },
            body: fields,
          }),
    'The category was saved.',
    'Not saved',
  );
}
