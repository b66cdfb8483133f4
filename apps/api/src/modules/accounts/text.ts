import type { Locale } from '@eisteddfod/shared';
import en from './messages/en.json' with { type: 'json' };
import { serverCatalogue } from '../../lib/messages.ts';

/** The accounts module's own words, in every language (`LOCALES`) the server may write in. */
const files: Record<Locale, typeof en> = { en };

export const text = serverCatalogue('accounts-mail', files);

/**
 * The subject of the email that carries a sign-in pin, in every language: a data archive leaves
 * these out whatever language they were sent in. (A subject without placeholders: its words.)
 */
export const PIN_EMAIL_SUBJECTS: readonly string[] = Object.values(files).map(
  (messages) => messages.loginPinSubject,
);
