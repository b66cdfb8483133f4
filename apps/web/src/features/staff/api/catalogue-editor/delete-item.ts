import { catalogueEditorApi } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useCatalogueChange } from './catalogue-change.ts';

export function useDeleteItem(eventId: number) {
  return useCatalogueChange(
    (itemId: number) => callApi(catalogueEditorApi.deleteItem, { params: { id: eventId, itemId } }),
    'The item was deleted.',
    'Not deleted',
  );
}
