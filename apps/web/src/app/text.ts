import { catalogue } from '../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The site's frame: header, menus, footer, toasts (decision 057). */
export const text = catalogue('app', { en }, (locale) => import(`./messages/${locale}.json`));
