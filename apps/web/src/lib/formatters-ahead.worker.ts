// The browser's locale data, loaded off the main thread (decision 062): a worker runs in the
// page's process, and what the first `Intl` formatter loads there serves the page's own.

/** The options the screens' dates use, so that the time zone data is loaded too. */
const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
};

self.onmessage = (event: MessageEvent<string[]>) => {
  for (const locale of event.data) {
    new Intl.NumberFormat(locale).format(1);
    new Intl.PluralRules(locale).select(1);
    new Intl.DateTimeFormat(locale, DATE_OPTIONS).format(0);
  }
  self.postMessage('done');
};
