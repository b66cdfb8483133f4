import { foldName } from '../staff/staff.rules.ts';

/**
 * Words that say what kind of place a school is rather than which one: 'Jacaranda Primary School'
 * and 'Jacaranda Primary' are the same school, 'Jacaranda' and 'Bluegum' are not.
 */
const KIND_WORDS = new Set([
  'the',
  'of',
  'and',
  'school',
  'skool',
  'primary',
  'prep',
  'preparatory',
  'high',
  'secondary',
  'college',
  'academy',
  'laerskool',
  'hoerskool',
  'hoërskool',
  'studio',
  'studios',
  'ps',
  'hs',
]);

/** The words that name the school: folded, punctuation dropped, kind words left out. */
export function nameCore(name: string): string[] {
  return foldName(name)
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(' ')
    .filter((w) => w.length > 0 && !KIND_WORDS.has(w));
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min(row[j - 1]! + 1, previous[j]! + 1, previous[j - 1]! + cost));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * Whether two school names look alike enough to offer one for the other (a teacher's new name,
 * a family's typed name): the same naming words, one's words inside the other's, or a typo or
 * two apart. Only ever a suggestion: an organiser decides (decision 061).
 */
export function looksAlike(a: string, b: string): boolean {
  const x = nameCore(a);
  const y = nameCore(b);
  if (x.length === 0 || y.length === 0) return foldName(a) === foldName(b);
  const [shorter, longer] = x.length <= y.length ? [x, y] : [y, x];
  if (shorter.every((w) => longer.includes(w))) return true;
  const left = x.join(' ');
  const right = y.join(' ');
  return (
    editDistance(left, right) <= Math.max(1, Math.floor(Math.min(left.length, right.length) / 5))
  );
}

/** The schools of `list` that look like `name`, at most `limit` of them. */
export function lookAlikesOf<S extends { name: string }>(name: string, list: S[], limit = 5): S[] {
  return list.filter((s) => looksAlike(name, s.name)).slice(0, limit);
}
