import type { SharedCatalogue } from './said.ts';
import { FILE_TEXT } from '../files/files.messages.ts';
import { RESULT_TEXT } from '../results/results.messages.ts';
import { CART_TEXT } from '../cart/cart.messages.ts';
import { GRADE_TEXT } from '../catalogue/grades.messages.ts';
import { CHECKOUT_TEXT } from '../checkout/checkout.messages.ts';
import { SUPPORT_TEXT } from '../support/support.messages.ts';
import { FINALISING_TEXT } from '../uploads/finalising.messages.ts';
import { PROCESSING_TEXT } from '../uploads/processing.messages.ts';
import { UPLOAD_TEXT } from '../uploads/uploads.messages.ts';

/** Every shared catalogue: the server loads them all at start (decision 057). */
export const SHARED_CATALOGUES: readonly SharedCatalogue<string>[] = [
  SUPPORT_TEXT,
  FILE_TEXT,
  UPLOAD_TEXT,
  FINALISING_TEXT,
  PROCESSING_TEXT,
  RESULT_TEXT,
  CART_TEXT,
  CHECKOUT_TEXT,
  GRADE_TEXT,
];
