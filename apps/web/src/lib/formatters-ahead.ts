import { DEFAULT_LOCALE } from '@eisteddfod/shared';
import { formattingLocale } from './i18n/catalogue.ts';

/**
 * The first `Intl` formatter a page makes loads the browser's locale data: 25–40 ms of a phone's
 * processor (100–150 ms at Lighthouse's 4x slowdown), after which another costs well under 1 ms
 * (decision 062). Lingui makes a NumberFormat for every plural message ('2 entries'), and the
 * screens a date (deadlines, late fees) in the first render of their data: inside that render's
 * task. A worker makes one of each first, on another thread: the data it loads is the page
 * process's, so the render finds it loaded. Where a worker cannot start, the first formatter
 * loads the data as before.
 */
export function makeFormattersAhead(): void {
  try {
    const worker = new Worker(new URL('./formatters-ahead.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = () => worker.terminate();
    worker.onerror = () => worker.terminate();
    worker.postMessage([DEFAULT_LOCALE, formattingLocale()]);
  } catch {
    // No worker (an old browser, a policy): nothing is lost but the head start.
  }
}
