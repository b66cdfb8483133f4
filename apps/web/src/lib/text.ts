import { catalogue } from './i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The words of the app's own helpers every screen uses: the tab title (decision 057). */
export const text = catalogue('lib', { en }, (locale) => import(`./messages/${locale}.json`));
