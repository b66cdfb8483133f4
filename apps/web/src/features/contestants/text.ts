import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json';

/** The contestant screens' words: the list, adding and editing a contestant (decision 057). */
export const text = catalogue('contestants', { en });
