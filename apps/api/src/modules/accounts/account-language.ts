import { DEFAULT_LOCALE, isLocale, type Locale } from '@eisteddfod/shared';

/**
 * An account's stored language as one the server writes in (decision 069): a tag a later
 * release stopped speaking, or none, reads as English rather than failing the message.
 */
export const readLanguage = (stored: string | null | undefined): Locale =>
  isLocale(stored) ? stored : DEFAULT_LOCALE;
