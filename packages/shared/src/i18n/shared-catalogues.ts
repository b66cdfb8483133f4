import type { SharedCatalogue } from './said.ts';
import { CART_TEXT } from '../cart/cart.messages.ts';
import { GRADE_TEXT } from '../catalogue/grades.messages.ts';
import { CHECKOUT_TEXT } from '../checkout/checkout.messages.ts';
import { SUPPORT_TEXT } from '../support/support.messages.ts';

/** Every shared catalogue: the server loads them all at start (decision 057). */
export const SHARED_CATALOGUES: readonly SharedCatalogue<string>[] = [
  SUPPORT_TEXT,
  CART_TEXT,
  CHECKOUT_TEXT,
  GRADE_TEXT,
];
