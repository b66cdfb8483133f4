import type { Locale } from './locales.ts';

/** The query parameter a link carries its language in: the web opens it in that language. */
export const LANGUAGE_PARAMETER = 'lang';

/**
 * A link in a message, carrying the message's language (decision 069): whoever opens it reads
 * the page in the language the message was written in, whatever the browser chose before.
 */
export function linkIn(url: string, locale: Locale): string {
  // The portal's links have no fragment; a query of their own keeps it (shared code has no URL).
  return `${url}${url.includes('?') ? '&' : '?'}${LANGUAGE_PARAMETER}=${locale}`;
}
