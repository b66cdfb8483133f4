import type { Locale } from '../i18n/locales.ts';

/** The mark between rands and cents a language writes: Afrikaans 'R 250,00' (decision 069). */
const DECIMAL_MARK: Partial<Record<Locale, string>> = { af: ',' };

/**
 * Money is integer cents everywhere; this is the one place that turns it into text, as the spec
 * shows it: 'R 1 234.50', thousands grouped by a space; in Afrikaans 'R 1 234,50'. Written out
 * rather than with Intl.NumberFormat: the first en-ZA formatter loads the locale's data, 15 ms of
 * a phone's processor (60 ms on Lighthouse's slower one) while a signed-in screen loads (issue
 * 32), for digits the spec fixes anyway.
 */
export function formatRand(cents: number, locale: Locale = 'en'): string {
  const whole = Math.round(Math.abs(cents));
  const rands = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const fraction = String(whole % 100).padStart(2, '0');
  return `R ${cents < 0 && whole > 0 ? '-' : ''}${rands}${DECIMAL_MARK[locale] ?? '.'}${fraction}`;
}

/**
 * Cents from an amount as an organiser types it: '160', '160.5', 'R 1 200.00'; undefined for
 * anything else (a negative amount, more than two decimals, letters).
 */
export function parseRand(text: string): number | undefined {
  const plain = text
    .trim()
    .replace(/^R\s*/i, '')
    .replace(/[\s\u00a0\u202f]/g, '');
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(plain);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
