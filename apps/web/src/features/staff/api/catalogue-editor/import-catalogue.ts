import {
  catalogueEditorApi,
  endpointUrl,
  ImportReportSchema,
  type ImportReport,
} from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { messageOf } from '../../../../lib/api-client.ts';
import { readAnswer } from '../../../../lib/api-fetch.ts';
import { toast } from '../../../../lib/toasts.ts';
import { bearer, useCatalogueRefresh } from './catalogue-change.ts';

/** Sends a spreadsheet to be checked (a dry run) or imported: every row or none. */
export function useImportCatalogue(eventId: number) {
  const refresh = useCatalogueRefresh();
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
