import { CART_TEXT } from '@eisteddfod/shared';
import { catalogue, sharedText } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The cart's words: its drawer, the group participants form and the group notice (decision 057). */
export const text = catalogue(
  'shared-cart',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);

/**
 * The cart's words the server says too (spec 2, 5 and 8): its refusals, its toasts and notices,
 * which the catalogue and checkout show as well.
 */
export const cartText = sharedText(CART_TEXT);
