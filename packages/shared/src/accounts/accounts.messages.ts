import { sharedCatalogue } from '../i18n/said.ts';
import en from './messages/en.json' with { type: 'json' };

/**
 * Spec 5 and 8's words for registration, login, pins and My Profile's contact details (decision
 * 031; `mobileConfirmed` is decision 050's: the checkout adds a number only where none is
 * proved), word for word. The schemas' messages are their ids; the server and the web each say
 * them through a translator (decision 057).
 */
export const ACCOUNT_TEXT = sharedCatalogue(
  'accounts',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);
