import { isLocale, LANGUAGE_PARAMETER, localeFrom, type Locale } from '@eisteddfod/shared';
import { readStored, writeStored } from '../storage.ts';
import { activate, readerLocale } from './catalogue.ts';

/**
 * The reader's language at the start (decision 069): a link's (`?lang=af`: a message's link
 * opens in the message's language, which this device then keeps, the parameter taken off the
 * address before the router reads it), else the one chosen with the switch on this device, else
 * the first of the browser's preferred languages the site speaks, else English.
 */
export function chosenLanguage(): Locale {
  const url = new URL(window.location.href);
  const linked = url.searchParams.get(LANGUAGE_PARAMETER);
  if (linked !== null) {
    url.searchParams.delete(LANGUAGE_PARAMETER);
    window.history.replaceState(window.history.state, '', url);
    if (isLocale(linked)) writeStored('language', linked);
  }
  const stored = readStored('language');
  if (isLocale(stored)) return stored;
  return localeFrom(navigator.languages ?? [navigator.language]);
}

const listeners = new Set<() => void>();

/** Calls `listener` after each change of language: the app re-mounts in the new one. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Says everything in `locale` once its words are in (no screen in a mix of two languages), and
 * tells screen readers the page's language.
 */
export async function startLanguage(locale: Locale): Promise<void> {
  await activate(locale);
  document.documentElement.lang = locale;
}

/**
 * The switch: remembers the choice on this device, loads the language's words, then re-mounts
 * the app in it (the translator is read outside React too, so a re-mount is the one way every
 * word changes, decision 057).
 */
export async function switchLanguage(locale: Locale): Promise<void> {
  writeStored('language', locale);
  if (locale === readerLocale()) return;
  await startLanguage(locale);
  for (const listener of listeners) listener();
}
