/**
 * An instant as people of the event read it: '18 June 2025 at 18:00', in the event's time zone
 * (the release on the gala date is set in it), whatever the browser's own zone; the browser's
 * while the event's is not known.
 */
export function formatInstant(iso: string, timeZone: string | undefined): string {
  const at = new Date(iso);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', timeZone ? { timeZone, ...options } : options).format(at);
  return `${part({ day: 'numeric', month: 'long', year: 'numeric' })} at ${part({
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })}`;
}
