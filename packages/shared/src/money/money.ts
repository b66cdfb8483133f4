/** Money is integer cents everywhere; this is the one place that turns it into text. */
export function formatRand(cents: number): string {
  const rands = (cents / 100).toLocaleString('en-ZA', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: true,
  });
  // en-ZA groups with a non-breaking space and uses a decimal comma in some runtimes; the spec
  // shows 'R 160.00', so normalise to a point and plain spaces.
  return `R ${rands.replace(/,(\d{2})$/, '.$1').replace(/[\s\u00a0\u202f]/g, ' ')}`;
}
