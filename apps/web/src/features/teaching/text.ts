import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The Teaching area's words (decision 057). */
export const text = catalogue('teaching', { en }, (locale) => import(`./messages/${locale}.json`));
