import { catalogueEditorApi, endpointUrl, type SpreadsheetFormat } from '@eisteddfod/shared';
import { saveDownload } from '../../../../lib/download.ts';
import { bearer } from './catalogue-change.ts';

/** Saves the catalogue as a spreadsheet file. */
export async function downloadCatalogue(eventId: number, format: SpreadsheetFormat) {
  const url = endpointUrl(catalogueEditorApi.exportSheet, { id: eventId }, { format });
  await saveDownload(url, bearer(), `catalogue.${format}`);
}
