import { sharedCatalogue } from '../i18n/said.ts';
import en from './messages/en.json' with { type: 'json' };

/**
 * The cart's messages of spec 2, 5 and 8, word for word: what the server refuses an entry with
 * and what the cart, the catalogue and checkout show (decision 057). `itemRetired` is the
 * catalogue editor's retirement as a family meets it when entering.
 */
export const CART_TEXT = sharedCatalogue(
  'cart',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
