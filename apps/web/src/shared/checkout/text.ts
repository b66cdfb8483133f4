import { CHECKOUT_TEXT } from '@eisteddfod/shared';
import { sharedText } from '../../lib/i18n/catalogue.ts';

/**
 * The words of checkout, payment and an order's entries that the server says too (spec 2, 5 and
 * 8; decision 057): checkout's checks, the payment's outcome and an entry's change.
 */
export const checkoutText = sharedText(CHECKOUT_TEXT);
