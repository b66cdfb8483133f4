import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json';

/** The cart's words: its drawer, the group participants form and the group notice (decision 057). */
export const text = catalogue('shared-cart', { en });
