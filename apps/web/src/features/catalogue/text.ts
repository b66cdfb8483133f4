import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The browsing screens' words: sections, categories, items and their search (decision 057). */
export const text = catalogue('catalogue', { en }, (locale) => import(`./messages/${locale}.json`));
