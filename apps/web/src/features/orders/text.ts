import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The orders screens' words (decision 057). */
export const text = catalogue('orders', { en }, (locale) => import(`./messages/${locale}.json`));
