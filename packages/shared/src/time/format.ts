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

/** A calendar date as 'dd MMMM yyyy' (spec 2, Uploads portal: '21 April 2025'). */
export function formatLongDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d} ${MONTHS[Number(m) - 1] ?? '?'} ${y}`;
}
