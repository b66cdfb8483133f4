/**
 * The reference a school's EFT carries (issue 35, decision 066): `S`, the order id in five
 * characters of a 31-letter alphabet, and a check character. No I, L, O, U or V, so nothing is
 * read as 1, 0 or another letter; 31 is prime and each position has its own weight, so one
 * character typed wrong, or two swapped, never makes another order's reference. Stable: the
 * order's id is all it is made of. Orders up to 31^5 (28 million) have one.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTWXYZ';
const BASE = ALPHABET.length;
const BODY = 5;
const PREFIX = 'S';

function checkOf(values: number[]): number {
  return values.reduce((sum, v, i) => sum + v * (i + 1), 0) % BASE;
}

/** "S00K7QH": the statement reference of an order. */
export function statementReference(orderId: number): string {
  if (!Number.isInteger(orderId) || orderId < 1 || orderId >= BASE ** BODY)
    throw new RangeError(`No statement reference for order ${orderId}`);
  const values: number[] = [];
  for (let n = orderId, i = 0; i < BODY; i++, n = Math.floor(n / BASE)) values.unshift(n % BASE);
  return PREFIX + [...values, checkOf(values)].map((v) => ALPHABET[v]).join('');
}

/**
 * The order a reference names, as a bank statement line may carry it: any case, with spaces or
 * dashes, O for 0 and I or L for 1; undefined when it is not a reference or its check fails.
 */
export function orderIdOfReference(text: string): number | undefined {
  const plain = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (plain.length !== BODY + 2 || plain[0] !== PREFIX) return undefined;
  const values = [...plain.slice(1)].map((ch) => ALPHABET.indexOf(ch));
  if (values.some((v) => v < 0)) return undefined;
  const check = values.pop()!;
  if (checkOf(values) !== check) return undefined;
  const orderId = values.reduce((n, v) => n * BASE + v, 0);
  return orderId > 0 ? orderId : undefined;
}
