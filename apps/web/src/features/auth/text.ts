import { catalogue } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The login, register and verify screens' words (decision 057). */
export const text = catalogue('auth', { en }, (locale) => import(`./messages/${locale}.json`));
