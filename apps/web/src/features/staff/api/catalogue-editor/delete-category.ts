import { catalogueEditorApi } from '@eisteddfod/shared';
import { callApi } from '../../../../lib/api-client.ts';
import { useCatalogueChange } from './catalogue-change.ts';

export function useDeleteCategory(eventId: number) {
  return useCatalogueChange(
    (categoryId: number) =>
      callApi(catalogueEditorApi.deleteCategory, { params: { id: eventId, categoryId } }),
    'The category was deleted.',
    'Not deleted',
  );
}
