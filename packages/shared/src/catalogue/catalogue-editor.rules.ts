import type { EventDates } from '../event/event.schema.ts';
import {
  AUDIO_EXTENSIONS,
  DOCUMENT_EXTENSIONS,
  hasExtensionIn,
  MEDIA_EXTENSIONS,
} from '../files/files.rules.ts';
import type { Section } from '../reference/sections.ts';
import { TRANSLATED_LOCALES } from '../i18n/translations.ts';

/**
 * The kinds of main file an item may take (issue 16): what the organiser ticks per item, and
 * what the uploads portal checks a main file against.
 */
export const MAIN_FILE_KINDS = ['video', 'audio', 'image', 'document'] as const;
export type MainFileKind = (typeof MAIN_FILE_KINDS)[number];

export const MAIN_FILE_KIND_LABELS: Record<MainFileKind, string> = {
  video: 'Video',
  audio: 'Audio',
  image: 'Image',
  document: 'Document',
};

const VIDEO_ONLY = MEDIA_EXTENSIONS.filter(
  (e) => !(AUDIO_EXTENSIONS as readonly string[]).includes(e),
);
const IMAGE_EXTENSIONS = ['heic', 'heif', 'jpeg', 'jpg', 'png', 'tiff', 'psd'] as const;

/** The file extensions each kind stands for. */
const MAIN_FILE_KIND_EXTENSIONS: Record<MainFileKind, readonly string[]> = {
  video: VIDEO_ONLY,
  audio: AUDIO_EXTENSIONS,
  image: IMAGE_EXTENSIONS,
  document: DOCUMENT_EXTENSIONS.filter((e) => !(IMAGE_EXTENSIONS as readonly string[]).includes(e)),
};

/**
 * The kinds of main file a section's items may take: the uploads portal gives performances the
 * video uploader and Visual Arts & Design the image and document one (spec 5), so an item
 * chooses among its section's kinds (audio only for a music item, say, or a PDF only for
 * creative writing).
 */
export function sectionMainFileKinds(section: Section): MainFileKind[] {
  return section === 'Visual Arts & Design' ? ['image', 'document'] : ['video', 'audio'];
}

/** Whether a main file of this name is of one of the item's kinds. */
export function mainFileAllowed(kinds: readonly MainFileKind[], fileName: string): boolean {
  return kinds.some((kind) => hasExtensionIn(MAIN_FILE_KIND_EXTENSIONS[kind], fileName));
}

/** What an item takes when nobody said: a recording for the performing arts, else a picture or text. */
export function defaultMainFileKinds(section: Section): MainFileKind[] {
  return sectionMainFileKinds(section);
}

/** The demo's descriptions say 'Time limit 3 minutes': the limit in seconds, if one is named. */
export function timeLimitInDescription(description: string): number | null {
  const match = /time limit (\d{1,3}) minutes?/i.exec(description);
  return match ? Number(match[1]) * 60 : null;
}

/** '3:00' for 180 seconds: how the screens and the spreadsheet show a time limit. */
export function formatTimeLimit(seconds: number | null): string {
  if (seconds === null) return '';
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Seconds from '3:00', '3:30' or '180'; undefined for anything else. Empty means no limit. */
export function parseTimeLimit(text: string): number | null | undefined {
  const plain = text.trim();
  if (plain === '') return null;
  const minutes = /^(\d{1,3}):([0-5]\d)$/.exec(plain);
  const seconds = minutes
    ? Number(minutes[1]) * 60 + Number(minutes[2])
    : /^\d{1,5}$/.test(plain)
      ? Number(plain)
      : NaN;
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= MAX_TIME_LIMIT_SECONDS
    ? seconds
    : undefined;
}
export const MAX_TIME_LIMIT_SECONDS = 36_000;

/** The first and last day an item may be due: from registration opening to the submission end. */
function dueDateWindow(dates: EventDates): { from: string; to: string } {
  return { from: dates.registrationOpens, to: dates.submissionEnds };
}

/** The fields of an item that its rules relate to each other. */
export interface ItemRuleFields {
  isGroupItem: boolean;
  minimumParticipants: number;
  maximumParticipants: number;
  dueDate: string;
  mainFileKinds: readonly MainFileKind[];
}

export type ItemField = keyof ItemRuleFields;
export interface ItemProblem {
  field: ItemField;
  message: string;
}

/**
 * The catalogue editor's words to organisers (staff screens are English only, decision 057);
 * what a family meets of it, a retired item, is CART_TEXT's itemRetired.
 */
export const CATALOGUE_EDITOR_MESSAGES = {
  minAboveMax: 'The minimum number of participants is above the maximum.',
  individualOne: 'An individual item has exactly one participant.',
  groupTwo: 'A group item has at least two participants.',
  dueOutside: (w: { from: string; to: string }) =>
    `The due date must lie inside the event: from ${w.from} to ${w.to}.`,
  codeTaken: (code: string) => `The code ${code} is used by another item of this event.`,
  priceUnderPaidOrder:
    'This item is in a paid order: its price cannot change. Retire it and add a new item instead.',
  itemEntered:
    'Families have entered this item, so it cannot be deleted. Retire it instead: it stays in their orders and leaves new carts.',
  categoryNotEmpty: 'This category still has items: move or delete them first.',
  kindsOfSection: (section: Section) =>
    `An item of ${section} takes ${sectionMainFileKinds(section)
      .map((k) => MAIN_FILE_KIND_LABELS[k])
      .join(' or ')} as its main file.`,
} as const;

/**
 * Every way an item's fields contradict each other, the event's dates or its section (when
 * known: the section of the item's category).
 */
export function itemProblems(
  item: ItemRuleFields,
  dates: EventDates,
  section?: Section,
): ItemProblem[] {
  const problems: ItemProblem[] = [];
  if (item.minimumParticipants > item.maximumParticipants)
    problems.push({ field: 'minimumParticipants', message: CATALOGUE_EDITOR_MESSAGES.minAboveMax });
  else if (!item.isGroupItem && item.maximumParticipants !== 1)
    problems.push({
      field: 'maximumParticipants',
      message: CATALOGUE_EDITOR_MESSAGES.individualOne,
    });
  else if (item.isGroupItem && item.maximumParticipants < 2)
    problems.push({ field: 'maximumParticipants', message: CATALOGUE_EDITOR_MESSAGES.groupTwo });
  const window = dueDateWindow(dates);
  if (item.dueDate < window.from || item.dueDate > window.to)
    problems.push({ field: 'dueDate', message: CATALOGUE_EDITOR_MESSAGES.dueOutside(window) });
  if (section && item.mainFileKinds.some((k) => !sectionMainFileKinds(section).includes(k)))
    problems.push({
      field: 'mainFileKinds',
      message: CATALOGUE_EDITOR_MESSAGES.kindsOfSection(section),
    });
  return problems;
}

/** The spreadsheet's columns, in order: export writes them, import reads them by name. */
export const CATALOGUE_COLUMNS = [
  'Code',
  'Section',
  'Category',
  'Short description',
  'Description',
  'Price',
  'Due date',
  'Group item',
  'Minimum participants',
  'Maximum participants',
  'Instrument required',
  'Main file kinds',
  'Time limit',
  'Retired',
  'Grades',
  'Other grades allowed',
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

/** An item's words in another language, as the sheet names their column: 'Description (af)'. */
export type TranslatedColumn = `${'Short description' | 'Description'} (${string})`;
export type SheetColumn = CatalogueColumn | TranslatedColumn;

/** The columns of an item's words in `locale` (decision 070). */
export const translatedColumns = (locale: string) =>
  ({
    shortDescription: `Short description (${locale})`,
    description: `Description (${locale})`,
  }) as const satisfies Record<string, TranslatedColumn>;

/** Every column of the sheet: the catalogue's, then each language's two (none in English only). */
export const sheetColumns = (): SheetColumn[] => [
  ...CATALOGUE_COLUMNS,
  ...TRANSLATED_LOCALES.flatMap((l) => Object.values(translatedColumns(l))),
];
