import type { SharedCatalogue } from './said.ts';
import { ACCOUNT_TEXT } from '../accounts/accounts.messages.ts';
import { VALIDATION_TEXT } from '../api/text.messages.ts';
import { CONTESTANT_TEXT } from '../contestants/contestants.messages.ts';
import { SUPPORT_TEXT } from '../support/support.messages.ts';
import { FAMILY_DATE_TEXT } from '../time/family-dates.rules.ts';

/** Every shared catalogue: the server loads them all at start (decision 057). */
export const SHARED_CATALOGUES: readonly SharedCatalogue<string>[] = [
  ACCOUNT_TEXT,
  CONTESTANT_TEXT,
  FAMILY_DATE_TEXT,
  SUPPORT_TEXT,
  VALIDATION_TEXT,
];
