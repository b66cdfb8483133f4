import { DEFAULT_LOCALE, formattingLocaleOf, type Locale } from '../i18n/locales.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A calendar date as 'dd MMMM yyyy' (spec 2, Uploads portal: '21 April 2025'); in another
 * language as `Intl` writes it there ('21 April 2025' in Afrikaans too, '03 Maart 2025').
 */
export function formatLongDate(isoDate: string, locale: Locale = DEFAULT_LOCALE): string {
  const [y, m, d] = isoDate.split('-');
  if (locale !== DEFAULT_LOCALE) {
    return new Intl.DateTimeFormat(formattingLocaleOf(locale), {
      day: '2-digit',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${y}-${m}-${d}T00:00:00Z`));
  }
  return `${d} ${MONTHS[Number(m) - 1] ?? '?'} ${y}`;
}
