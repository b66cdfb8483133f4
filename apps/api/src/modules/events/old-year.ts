import type { OldYearText } from '@eisteddfod/shared';

// A copied event's family-facing words that name the year it was copied from (issue 34,
// decision 059). Where the year is clearly the event's own, the copy says the new year; the
// rest is listed for the organiser, who decides (a date, "since 2020", a past winner).

/** What the copy changes: the old event's name and year, and the new ones. */
export interface YearChange {
  oldName: string;
  newName: string;
  oldYear: number;
  newYear: number;
}

/** The year as a number of its own: not inside a longer run of digits. */
const yearIn = (year: number) => new RegExp(`(?<!\\d)${year}(?!\\d)`, 'g');

/** Whether a text names the year. */
const namesYear = (text: string, year: number) => yearIn(year).test(text);

/**
 * A text as the copy writes it: the old event's name (which names its year) becomes the new
 * name wherever it stands; a title (`isTitle`) names the event's year wherever it names one.
 */
export function carryOver(text: string, change: YearChange, isTitle = false): string {
  const renamed =
    change.oldName && change.oldName !== change.newName && namesYear(change.oldName, change.oldYear)
      ? text.replaceAll(change.oldName, () => change.newName)
      : text;
  return isTitle ? renamed.replace(yearIn(change.oldYear), String(change.newYear)) : renamed;
}

/** The words around the first mention of the year, for the list. */
function excerptOf(text: string, year: number): string {
  const at = text.search(yearIn(year));
  const start = Math.max(0, at - 40);
  const end = Math.min(text.length, at + 4 + 40);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** The listed text, if it names the year. */
export function mention(
  place: OldYearText['place'],
  field: string,
  text: string | null | undefined,
  year: number,
): OldYearText[] {
  return text && namesYear(text, year) ? [{ place, field, excerpt: excerptOf(text, year) }] : [];
}

/**
 * Keys of the site content that name files or addresses of pictures, not words; and the banking
 * details (decision 066), whose digits may look like a year and must never be moved on.
 */
const NOT_WORDS = new Set(['image', 'logo', 'portrait', 'slug', 'banking']);

/** The site content's parts, as the content screen names them. */
const PART_NAMES: Record<string, string> = {
  title: 'Site title',
  intro: 'Introduction',
  artworks: 'Gallery',
  categories: 'Categories',
  howItWorks: 'How it works',
  participatingSchools: 'Schools',
  adjudicators: 'Adjudicators',
  faq: 'FAQ',
  rules: 'Rules',
  social: 'Social links',
  contactEmail: 'Contact email',
};

const fieldName = (path: (string | number)[]) => {
  const [part, ...rest] = path;
  const head = PART_NAMES[String(part)] ?? String(part);
  const tail = rest.map((p) => (typeof p === 'number' ? String(p + 1) : p)).join(', ');
  return tail ? `${head} ${tail}` : head;
};

type Visit = (text: string, path: (string | number)[]) => string;

function walk(value: unknown, path: (string | number)[], visit: Visit): unknown {
  if (typeof value === 'string') return visit(value, path);
  if (Array.isArray(value)) return value.map((v, i) => walk(v, [...path, i], visit));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        NOT_WORDS.has(k) ? v : walk(v, [...path, k], visit),
      ]),
    );
  return value;
}

/** The site content as the copy writes it: its title is a title, the rest is running text. */
export function carryOverContent(content: unknown, change: YearChange): unknown {
  return walk(content, [], (text, path) =>
    carryOver(text, change, path.length === 1 && path[0] === 'title'),
  );
}

/** What of the site content still names the year (the host line is one of the settings). */
export function contentMentions(content: unknown, year: number): OldYearText[] {
  const found: OldYearText[] = [];
  walk(content, [], (text, path) => {
    const hostLine = path.length === 1 && path[0] === 'hostLine';
    found.push(
      ...mention(
        hostLine ? 'settings' : 'content',
        hostLine ? 'Host line' : fieldName(path),
        text,
        year,
      ),
    );
    return text;
  });
  return found;
}
