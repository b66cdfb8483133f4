import { LOCALES } from '@eisteddfod/shared';
import en from './messages/en.json' with { type: 'json' };
import { serverCatalogue } from '../../lib/messages.ts';

/** The accounts module's own words, in every language (`LOCALES`) the server may write in. */
export const text = serverCatalogue(
  'accounts-mail',
  { en },
  (locale) => import(`./messages/${locale}.json`),
);

/**
 * The subject of the email that carries a sign-in pin, in every language: a data archive leaves
 * these out whatever language they were sent in. Asked for once the languages are in (app.ts).
 */
export const pinEmailSubjects = (): string[] => [
  ...new Set(LOCALES.map((locale) => text.in(locale)('loginPinSubject'))),
];
