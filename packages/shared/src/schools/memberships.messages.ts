import { sharedCatalogue } from '../i18n/said.ts';
import en from './membership/messages/en.json' with { type: 'json' };

/**
 * A teacher's requests to act for a school (decision 061): the checks and refusals the server
 * says and the Teaching screen shows (decision 057).
 */
export const MEMBERSHIP_TEXT = sharedCatalogue(
  'membership',
  { en },
  (locale) => import(`./membership/messages/${locale}.json`),
);
