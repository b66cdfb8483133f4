import { SUPPORT_TEXT } from '@eisteddfod/shared';
import { catalogue, sharedText } from '../../lib/i18n/catalogue.ts';
import en from './messages/en.json' with { type: 'json' };

/** The contact page's words (decision 057). */
export const text = catalogue('contact', { en }, (locale) => import(`./messages/${locale}.json`));

/** The words the contact page shares with the server: the ticket's checks and its thanks. */
export const supportText = sharedText(SUPPORT_TEXT);
