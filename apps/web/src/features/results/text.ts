import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** A contestant's results' words (decision 057). */
export const text = catalogue('results', { en }, (locale) => import(`./messages/${locale}.json`));
