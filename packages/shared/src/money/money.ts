/**
 * Made once: `toLocaleString` with options builds a formatter on every call, and a cart, a
 * checkout or a page of items formats dozens of amounts while a phone answers a tap (issue 32).
 */
const RANDS = new Intl.NumberFormat('en-ZA', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** Money is integer cents everywhere; this is the one place that turns it into text. */
export function formatRand(cents: number): string {
  const rands = RANDS.format(cents / 100);
  // en-ZA groups with a non-breaking space and uses a decimal comma in some runtimes; the spec
  // shows 'R 160.00', so normalise to a point and plain spaces.
  return `R ${rands.replace(/,(\d{2})$/, '.$1').replace(/[\s\u00a0\u202f]/g, ' ')}`;
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
