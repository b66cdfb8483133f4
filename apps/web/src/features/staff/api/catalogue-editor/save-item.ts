import { catalogueEditorApi, type ItemFieldsInput } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useCatalogueChange } from './catalogue-change.ts';

/** Adds an item (no id) or changes one. */
export function useSaveItem(eventId: number) {
  return useCatalogueChange(
    ({ id, fields }: { id?: number; fields: ItemFieldsInput }) =>
      id === undefined
        ? callApi(catalogueEditorApi.addItem, { params: { id: eventId }, body: fields })
        : callApi(catalogueEditorApi.updateItem, {
            params: { id: eventId, itemId: id },
            body: fields,
          }),
    'The item was saved.',
    'Not saved',
  );
}
