import { sharedCatalogue } from '../i18n/said.ts';
import en from './messages/en.json' with { type: 'json' };

/**
 * The messages of spec 2, 5 and 8 for checkout, payment and orders, word for word (decision
 * 057). `changeFee` is spec 9's change fee as the server applies it (decisions 006 and 021): a
 * change here is free and keeps the fee; after the due date only the organisers change a code,
 * noting the fee. `paymentCancelled` is not in the spec (issue 32): cancelling on the pay page
 * came back to checkout without a word. The namespace is not 'checkout', the web's own
 * catalogue of the checkout screens.
 */
export const CHECKOUT_TEXT = sharedCatalogue(
  'checkout-rules',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
