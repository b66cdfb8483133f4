/**
 * Deadlines are the end of a calendar day in the event's time zone, computed on the server
 * (architecture guide, "Time"). Dates travel as ISO calendar dates: 'YYYY-MM-DD'.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * One formatter per time zone, made once: making an Intl.DateTimeFormat costs about 50 µs, and
 * a reminder's audience checks thousands of entries' deadlines (bench/organiser-console: the
 * preview's p50 was 400 ms at 3,000 families, nearly all of it making formatters).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Milliseconds that `timeZone` is ahead of UTC at the instant `at`. */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - (at.getTime() - at.getMilliseconds());
}

function parseIsoDate(date: string): [number, number, number] {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`Not an ISO calendar date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Adds whole calendar days to an ISO date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parseIsoDate(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The calendar date it is in `timeZone` at the instant `at`. */
export function calendarDateIn(at: Date, timeZone: string): string {
  return new Date(at.getTime() + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 10);
}

/** The instant it is `hour`:`minute`:`second`.`ms` on `date` in `timeZone`. */
export function wallClockInstant(
  date: string,
  timeZone: string,
  [hour, minute = 0, second = 0, ms = 0]: [number, number?, number?, number?],
): Date {
  const [y, m, d] = parseIsoDate(date);
  const wallClock = Date.UTC(y, m - 1, d, hour, minute, second, ms);
  // The offset at the wall-clock instant read as UTC is right except across a DST change on
  // that very day; a second pass with the corrected instant settles it.
  const first = wallClock - zoneOffsetMs(new Date(wallClock), timeZone);
  return new Date(wallClock - zoneOffsetMs(new Date(first), timeZone));
}

/** The last millisecond (23:59:59.999) of `date` in `timeZone`, as an instant. */
export function endOfDay(date: string, timeZone: string): Date {
  return wallClockInstant(date, timeZone, [23, 59, 59, 999]);
}

/**
 * Entries open at the start of the registration-opens day in the event's time zone (issue 32,
 * decision 041): before it, the server refuses entries but from families an organiser let in.
 */
export function haveEntriesOpened(registrationOpens: string, now: Date, timeZone: string): boolean {
  return calendarDateIn(now, timeZone) >= registrationOpens;
}

/** Cart and order edit: an item is late once the end of its due date has passed (spec 4). */
export function hasPassedDeadline(dueDate: string, now: Date, timeZone: string): boolean {
  return now.getTime() > endOfDay(dueDate, timeZone).getTime();
}

/** Uploads portal: entries stay open until the end of the day after the due date (spec 4). */
export function uploadDeadline(dueDate: string, timeZone: string): Date {
  return endOfDay(addDays(dueDate, 1), timeZone);
}

export function hasPassedUploadDeadline(dueDate: string, now: Date, timeZone: string): boolean {
  return now.getTime() > uploadDeadline(dueDate, timeZone).getTime();
}
