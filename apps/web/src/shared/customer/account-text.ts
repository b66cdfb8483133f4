import { ACCOUNT_TEXT } from '@eisteddfod/shared';
import { sharedText } from '../../lib/i18n/catalogue.ts';

/**
 * The words the account screens share with the server (decision 057): registration, login, pins
 * and the contact details' checks, as the shared schemas, rules and errors say them.
 */
export const accountText = sharedText(ACCOUNT_TEXT);
