import {
  catalogueEditorApi,
  endpointUrl,
  ImportReportSchema,
  type CategoryFields,
  type ImportReport,
  type ItemFieldsInput,
  type SpreadsheetFormat,
} from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/api-fetch.ts';
import { saveDownload } from '../../../lib/download.ts';
import { readStored } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toasts.ts';

// An event's catalogue as organisers edit it (issue 16; catalogueEditorApi in packages/shared).

const catalogueKey = (eventId: number) => ['staff', 'events', eventId, 'catalogue'] as const;

export function useStaffCatalogue(eventId: number) {
  return useQuery({
    queryKey: catalogueKey(eventId),
    queryFn: ({ signal }) => callApi(catalogueEditorApi.get, { params: { id: eventId }, signal }),
  });
}

/** After any change: the catalogue here, the event's counts, and what families see. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** One mutation of the catalogue, with the toasts every change shows. */
function useChange<V, R>(run: (variables: V) => Promise<R>, done: string, failed: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: run,
    meta: { handlesErrors: true },
    onSuccess: () => {
      void refresh();
      toast('success', done, 'Saved');
    },
    onError: (error) => toast('error', messageOf(error), failed),
  });
}

export function useSaveCategory(eventId: number) {
  return useChange(
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

export function useDeleteCategory(eventId: number) {
  return useChange(
    (categoryId: number) =>
      callApi(catalogueEditorApi.deleteCategory, { params: { id: eventId, categoryId } }),
    'The category was deleted.',
    'Not deleted',
  );
}

export function useSaveItem(eventId: number) {
  return useChange(
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

export function useDeleteItem(eventId: number) {
  return useChange(
    (itemId: number) => callApi(catalogueEditorApi.deleteItem, { params: { id: eventId, itemId } }),
    'The item was deleted.',
    'Not deleted',
  );
}

const bearer = (): Record<string, string> => {
  const token = readStored('token');
  return token ? { authorization: `Bearer ${token}` } : {};
};

/** Saves the catalogue as a spreadsheet file. */
export async function downloadCatalogue(eventId: number, format: SpreadsheetFormat) {
  const url = endpointUrl(catalogueEditorApi.exportSheet, { id: eventId }, { format });
  await saveDownload(url, bearer(), `catalogue.${format}`);
}

/** Sends a spreadsheet to be checked (a dry run) or imported: every row or none. */
export function useImportCatalogue(eventId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      file,
      commit,
    }: {
      file: File;
      commit: boolean;
    }): Promise<ImportReport> => {
      const body = new FormData();
      body.append('file', file, file.name);
      const response = await fetch(
        endpointUrl(catalogueEditorApi.importSheet, { id: eventId }, { commit: String(commit) }),
        { method: 'POST', headers: { accept: 'application/json', ...bearer() }, body },
      );
      return readAnswer(response, (data) => ImportReportSchema.parse(data));
    },
    meta: { handlesErrors: true },
    onSuccess: (report) => {
      if (report.committed) {
        void refresh();
        toast(
          'success',
          `${report.created} items added, ${report.updated} changed, ${report.unchanged} unchanged.`,
          'Imported',
        );
      }
    },
    onError: (error) => toast('error', messageOf(error), 'Not imported'),
  });
}
