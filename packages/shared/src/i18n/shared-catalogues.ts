import type { SharedCatalogue } from './said.ts';
import { FILE_TEXT } from '../files/files.rules.ts';
import { RESULT_TEXT } from '../results/results.rules.ts';
import { SUPPORT_TEXT } from '../support/support.messages.ts';
import { FINALISING_TEXT } from '../uploads/finalising.rules.ts';
import { PROCESSING_TEXT } from '../uploads/media-processing.ts';
import { UPLOAD_TEXT } from '../uploads/uploads.rules.ts';

/** Every shared catalogue: the server loads them all at start (decision 057). */
export const SHARED_CATALOGUES: readonly SharedCatalogue<string>[] = [
  SUPPORT_TEXT,
  FILE_TEXT,
  UPLOAD_TEXT,
  FINALISING_TEXT,
  PROCESSING_TEXT,
  RESULT_TEXT,
];
