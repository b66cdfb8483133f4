import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The checkout and payment confirmation screens' words (decision 057). */
export const text = catalogue('checkout', { en }, (locale) => import(`./messages/${locale}.json`));
