import { DEFAULT_LOCALE } from '@eisteddfod/shared';
import { formattingLocale } from './i18n/catalogue.ts';

/**
 * The first `Intl` formatter a page makes loads the browser's locale data: 25–40 ms of a phone's
 * processor (100–150 ms at Lighthouse's 4x slowdown), after which another costs well under 1 ms
 * (decision 062). Lingui makes a NumberFormat for every plural message ('2 entries'), and the
 * screens a date (deadlines, late fees) in the first render of their data: inside that render's
 * task. Made ahead, each in a turn of its own while the screen's data is on its way, the render
 * finds the data loaded. What is made here is thrown away: the data stays loaded.
 */
export const FORMATTERS_AHEAD = [
  () => new Intl.NumberFormat(DEFAULT_LOCALE).format(1),
  () => new Intl.PluralRules(DEFAULT_LOCALE).select(1),
  () =>
    new Intl.DateTimeFormat(formattingLocale(), {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(0),
] as const;
