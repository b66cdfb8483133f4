import {
  formatRand,
  formatTimeLimit,
  ItemFieldsSchema,
  itemProblems,
  parseRand,
  parseTimeLimit,
  type EventDates,
  type MainFileKind,
  type Section,
  type StaffCategory,
  type StaffItem,
} from '@eisteddfod/shared';
import { issueWords } from '../../../lib/i18n/issue-words.ts';

// The item dialog's form: what it holds as typed, from the item it opens on, and read back into
// the fields the server takes.

export interface ItemForm {
  code: string;
  categoryId: string | null;
  shortDescription: string;
  description: string;
  price: string;
  dueDate: string;
  isGroupItem: boolean;
  minimumParticipants: string;
  maximumParticipants: string;
  requiresAnInstrument: boolean;
  mainFileKinds: MainFileKind[];
  timeLimit: string;
  retired: boolean;
  /** The grades it is for (issue 32): both empty for every grade. */
  lowestGrade: string | null;
  highestGrade: string | null;
  otherGradesAllowed: boolean;
  /** Its descriptions in other languages (decision 070), each optional. */
  translations: StaffItem['translations'];
}
export type ItemFormErrors = Partial<Record<keyof ItemForm, string>>;

export function itemFormOf(
  item: StaffItem | undefined,
  categories: StaffCategory[],
  dueDate: string,
): ItemForm {
  if (!item)
    return {
      code: '',
      categoryId: categories[0] ? String(categories[0].id) : null,
      shortDescription: '',
      description: '',
      price: '',
      dueDate,
      isGroupItem: false,
      minimumParticipants: '1',
      maximumParticipants: '1',
      requiresAnInstrument: false,
      mainFileKinds: ['video', 'audio'],
      timeLimit: '',
      retired: false,
      lowestGrade: null,
      highestGrade: null,
      otherGradesAllowed: false,
      translations: {},
    };
  return {
    code: item.code,
    categoryId: String(item.categoryId),
    shortDescription: item.shortDescription,
    description: item.description,
    price: formatRand(item.priceCents).replace(/^R /, ''),
    dueDate: item.dueDate,
    isGroupItem: item.isGroupItem,
    minimumParticipants: String(item.minimumParticipants),
    maximumParticipants: String(item.maximumParticipants),
    requiresAnInstrument: item.requiresAnInstrument,
    mainFileKinds: item.mainFileKinds,
    timeLimit: formatTimeLimit(item.timeLimitSeconds),
    retired: item.retired,
    lowestGrade: item.grades?.lowest ?? null,
    highestGrade: item.grades?.highest ?? null,
    otherGradesAllowed: item.otherGradesAllowed,
    translations: item.translations,
  };
}

/** The same rules as the server's (ItemFieldsSchema, itemProblems), named against each field. */
export function readItemForm(form: ItemForm, dates: EventDates, section: Section | undefined) {
  const errors: ItemFormErrors = {};
  const priceCents = parseRand(form.price);
  if (priceCents === undefined) errors.price = 'Please enter an amount such as 160.00.';
  const timeLimitSeconds = parseTimeLimit(form.timeLimit);
  if (timeLimitSeconds === undefined)
    errors.timeLimit = 'Please enter a time such as 3:00, or leave it empty for none.';
  if ((form.lowestGrade === null) !== (form.highestGrade === null))
    errors[form.lowestGrade === null ? 'lowestGrade' : 'highestGrade'] =
      'Choose both grades, or neither for every grade.';
  const grades =
    form.lowestGrade !== null && form.highestGrade !== null
      ? { lowest: form.lowestGrade, highest: form.highestGrade }
      : null;
  const parsed = ItemFieldsSchema.safeParse({
    code: form.code,
    categoryId: Number(form.categoryId),
    shortDescription: form.shortDescription,
    description: form.description,
    priceCents: priceCents ?? 0,
    dueDate: form.dueDate,
    isGroupItem: form.isGroupItem,
    minimumParticipants: Number(form.minimumParticipants),
    maximumParticipants: Number(form.maximumParticipants),
    requiresAnInstrument: form.requiresAnInstrument,
    mainFileKinds: form.mainFileKinds,
    timeLimitSeconds: timeLimitSeconds ?? null,
    retired: form.retired,
    grades,
    otherGradesAllowed: form.otherGradesAllowed,
    translations: form.translations,
  });
  const fieldOf: Record<string, keyof ItemForm> = {
    priceCents: 'price',
    timeLimitSeconds: 'timeLimit',
    grades: 'highestGrade',
  };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = fieldOf[String(issue.path[0])] ?? (issue.path[0] as keyof ItemForm);
      errors[key] ??=
        issue.message.startsWith('Invalid') || issue.message.startsWith('Too')
          ? 'Please check this value.'
          : issueWords(issue.message);
    }
    return { errors };
  }
  for (const problem of itemProblems(parsed.data, dates, section))
    errors[problem.field] ??= problem.message;
  return Object.keys(errors).length > 0 ? { errors } : { fields: parsed.data, errors };
}
