import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** My Profile's words (decision 057). */
export const text = catalogue('profile', { en }, (locale) => import(`./messages/${locale}.json`));
