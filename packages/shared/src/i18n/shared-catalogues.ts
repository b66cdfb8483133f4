import type { SharedCatalogue } from './said.ts';
import { ACCOUNT_TEXT } from '../accounts/accounts.messages.ts';
import { VALIDATION_TEXT } from '../api/text.messages.ts';
import { CART_TEXT } from '../cart/cart.messages.ts';
import { GRADE_TEXT } from '../catalogue/grades.messages.ts';
import { CHECKOUT_TEXT } from '../checkout/checkout.messages.ts';
import { CONTESTANT_TEXT } from '../contestants/contestants.messages.ts';
import { EVENT_TEXT } from '../event/event.messages.ts';
import { FILE_TEXT } from '../files/files.messages.ts';
import { CLASS_TEXT } from '../schools/class.messages.ts';
import { MEMBERSHIP_TEXT } from '../schools/memberships.messages.ts';
import { PARENT_TEXT } from '../schools/parent.messages.ts';
import { STATEMENT_TEXT } from '../schools/statement.messages.ts';
import { RESULT_TEXT } from '../results/results.messages.ts';
import { SUPPORT_TEXT } from '../support/support.messages.ts';
import { FAMILY_DATE_TEXT } from '../time/family-dates.rules.ts';
import { FINALISING_TEXT } from '../uploads/finalising.messages.ts';
import { PROCESSING_TEXT } from '../uploads/processing.messages.ts';
import { UPLOAD_TEXT } from '../uploads/uploads.messages.ts';

/** Every shared catalogue: the server loads them all at start (decision 057). */
export const SHARED_CATALOGUES: readonly SharedCatalogue<string>[] = [
  ACCOUNT_TEXT,
  CART_TEXT,
  CHECKOUT_TEXT,
  CLASS_TEXT,
  CONTESTANT_TEXT,
  EVENT_TEXT,
  FAMILY_DATE_TEXT,
  FILE_TEXT,
  FINALISING_TEXT,
  GRADE_TEXT,
  MEMBERSHIP_TEXT,
  PARENT_TEXT,
  PROCESSING_TEXT,
  RESULT_TEXT,
  STATEMENT_TEXT,
  SUPPORT_TEXT,
  UPLOAD_TEXT,
  VALIDATION_TEXT,
];
