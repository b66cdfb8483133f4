import { formattingLocale } from '../../lib/i18n/catalogue.ts';

/**
 * An instant as people of the event read it: '18 June 2025 at 18:00', in the event's time zone
 * (the release on the gala date is set in it), whatever the browser's own zone; the browser's
 * while the event's is not known. `Intl` writes it in the reader's language, the word between
 * date and time included.
 */
export function formatInstant(iso: string, timeZone: string | undefined): string {
  return formatter(`instant|${timeZone ?? ''}`, () => ({
    dateStyle: 'long',
    timeStyle: 'short',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  })).format(new Date(iso));
}

/**
 * One formatter per locale and options, made on first use: making one is slow (the locale's
 * data is loaded, decision 052), and a list of entries formats a date per row.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: () => Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = formattingLocale();
  const id = `${locale}|${key}`;
  let made = formatters.get(id);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options());
    formatters.set(id, made);
  }
  return made;
}

/**
 * A calendar date as the spec writes it, 'dd MMMM yyyy' ('21 April 2025', spec 2), in the
 * reader's language. What is not a date is shown as it came, rather than failing the screen.
 */
export function formatDate(isoDate: string): string {
  const day = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return isoDate;
  return formatter('date', () => ({
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })).format(day);
}
