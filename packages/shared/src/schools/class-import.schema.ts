import { z } from 'zod';
import { text } from '../api/text.schema.ts';
import { CLASS_LIST_COLUMNS, MAX_CLASS_LIST_ROWS } from './class-learners.rules.ts';

/** Importing a class list (issue 35, decision 064): the dry run's report and the commit. */

/** A row of the list as read: the grade and gender as understood, else as written. */
const ClassListRowSchema = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  row: z.number().int().min(2),
  firstName: text().trim().max(100),
  surname: text().trim().max(100),
  grade: text().trim().max(40),
  gender: text().trim().max(40),
  parentEmail: text().trim().max(254),
  parentMobile: text().trim().max(40),
});

const ClassListProblemSchema = z.object({
  /** The column the problem is in; null for the row as a whole. */
  column: z.enum(CLASS_LIST_COLUMNS).nullable(),
  messageId: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The message in the server's language, for a reader without the catalogue. */
  message: z.string(),
});
export type ClassListProblem = z.infer<typeof ClassListProblemSchema>;

/**
 * What the portal already has of a row's learner. 'in-class' and 'in-school' are skipped;
 * 'possible-match' is added only if the teacher says so. The other class's teacher is named only
 * to the school's coordinator; a family's child is never described.
 */
const ClassListMatchSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('in-class') }),
  z.object({ kind: z.literal('in-school'), teacherName: z.string().nullable() }),
  z.object({ kind: z.literal('possible-match') }),
]);
export type ClassListMatch = z.infer<typeof ClassListMatchSchema>;

export const ClassListRowReportSchema = ClassListRowSchema.extend({
  problems: z.array(ClassListProblemSchema),
  match: ClassListMatchSchema.nullable(),
});
export type ClassListRowReport = z.infer<typeof ClassListRowReportSchema>;

/** The dry run: every row with its problems and match; nothing was written. */
export const ClassListReportSchema = z.object({
  rows: z.array(ClassListRowReportSchema),
});
export type ClassListReport = z.infer<typeof ClassListReportSchema>;

/** The rows the teacher keeps, as the dry run read them, each with their choice on a match. */
export const ClassListCommitSchema = z.object({
  schoolConsentDeclared: z.boolean().default(false),
  rows: z
    .array(ClassListRowSchema.extend({ addAnyway: z.boolean().default(false) }))
    .min(1)
    .max(MAX_CLASS_LIST_ROWS),
});
export type ClassListCommit = z.input<typeof ClassListCommitSchema>;

export const ClassListAddedSchema = z.object({ added: z.number().int() });
