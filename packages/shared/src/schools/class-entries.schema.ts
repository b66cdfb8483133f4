import { z } from 'zod';
import { ErrorCodeSchema } from '../api/error-codes.ts';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { GroupParticipantsUpdateSchema } from '../cart/cart.schema.ts';
import { SectionSchema } from '../catalogue/catalogue.schema.ts';

// Issue 35, part E (decision 065): the grid of a class's learners against the live event's
// items, the batch call that enters them, and the class's entries by state.

/** /api/Customers/{id}/Classes/{membershipId}/…: the caller's account and one of its classes. */

export const GridLearnerSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  grade: z.string(),
});

/** An item as the grid shows it: a column, under its section and category. */
export const GridItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  section: SectionSchema,
  categoryName: z.string(),
  isGroupItem: z.boolean(),
  requiresAnInstrument: z.boolean(),
  minimumParticipants: z.number().int(),
  maximumParticipants: z.number().int(),
  /** Its entry deadline has passed: shown, never ticked. */
  deadlinePassed: z.boolean(),
});

/** One entry of a class's learner in the event: a ticked cell. */
export const GridEntrySchema = z.object({
  orderItemId: z.number().int(),
  learnerId: z.number().int(),
  itemId: z.number().int(),
  instruments: z.string(),
  groupName: z.string().nullable(),
  /** In the open cart (removable), or in a paid order. */
  paid: z.boolean(),
});

export const ClassGridSchema = z.object({
  membershipId: z.number().int(),
  schoolName: z.string(),
  eventId: z.number().int(),
  learners: z.array(GridLearnerSchema),
  items: z.array(GridItemSchema),
  /** The items each grade of the class may enter (the item's grades, decision 042), by grade. */
  allowedByGrade: z.record(z.string(), z.array(z.number().int())),
  entries: z.array(GridEntrySchema),
});
export type ClassGrid = z.infer<typeof ClassGridSchema>;
export type GridItem = z.infer<typeof GridItemSchema>;
export type GridLearner = z.infer<typeof GridLearnerSchema>;
export type GridEntry = z.infer<typeof GridEntrySchema>;

/**
 * One entry to make: a learner of the class into an item; for a group item, the group's other
 * learners of the class and members from elsewhere typed in, as the cart takes them.
 */
export const ClassEntryRowSchema = z.object({
  learnerId: IdSchema,
  itemId: IdSchema,
  instruments: text().trim().max(60).optional(),
  groupName: text().trim().max(100).optional(),
  groupLearnerIds: z.array(IdSchema).max(200).optional(),
  groupMembers: GroupParticipantsUpdateSchema.optional(),
});
export type ClassEntryRow = z.infer<typeof ClassEntryRowSchema>;

/** Ticks and unticks, applied together or not at all. */
export const ClassEntriesChangeSchema = z.object({
  add: z.array(ClassEntryRowSchema).max(5000),
  remove: z.array(IdSchema).max(5000),
});
export type ClassEntriesChange = z.infer<typeof ClassEntriesChangeSchema>;

/** A row the cart's rules refused, with the reason in the catalogue's words (decision 057). */
export const RefusedRowSchema = z.object({
  kind: z.enum(['add', 'remove']),
  /** Its index in `add` or `remove`. */
  row: z.number().int(),
  code: ErrorCodeSchema,
  message: z.string(),
  messageId: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type RefusedRow = z.infer<typeof RefusedRowSchema>;

/** Everything written (`refused` empty), or nothing and every refused row with its reason. */
export const ClassEntriesResultSchema = z.object({
  written: z.boolean(),
  orderId: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  refused: z.array(RefusedRowSchema),
});
export type ClassEntriesResult = z.infer<typeof ClassEntriesResultSchema>;

/**
 * Where a class's entry stands: markingState's (finalising.rules.ts), with 'no-main-file' for a
 * paid entry still waiting for its main file and 'marked' once its mark is published.
 */
export const CLASS_ENTRY_STATES = [
  'unpaid',
  'no-main-file',
  'not-sent',
  'sent',
  'marked',
  'missed',
  'withdrawn',
] as const;
export type ClassEntryState = (typeof CLASS_ENTRY_STATES)[number];

export const ClassEntrySchema = z.object({
  orderItemId: z.number().int(),
  learnerId: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  dueDate: z.string(),
  state: z.enum(CLASS_ENTRY_STATES),
  /** The learner is the caller's own (their class), so the uploads portal opens it. */
  own: z.boolean(),
});
export type ClassEntry = z.infer<typeof ClassEntrySchema>;

export const ClassEntriesSchema = z.object({
  membershipId: z.number().int(),
  schoolName: z.string(),
  /** A coordinator's class lists the whole school's entries. */
  wholeSchool: z.boolean(),
  /**
   * The live event's results are released (decision 026's rule, as for families): the class's
   * results CSV and certificates ZIP can be downloaded (decision 067).
   */
  resultsReleased: z.boolean(),
  entries: z.array(ClassEntrySchema),
  counts: z.record(z.enum(CLASS_ENTRY_STATES), z.number().int()),
});
export type ClassEntries = z.infer<typeof ClassEntriesSchema>;

const StateCountsSchema = z.record(z.enum(CLASS_ENTRY_STATES), z.number().int());

/**
 * GET /api/Staff/Schools/{id}/Classes (issue 35, decision 068): a school's approved classes in
 * the live event, each with its teacher, learners and entries by state, and the school's totals.
 */
export const SchoolClassesSchema = z.object({
  classes: z.array(
    z.object({
      membershipId: z.number().int(),
      teacherName: z.string(),
      learners: z.number().int(),
      counts: StateCountsSchema,
    }),
  ),
  counts: StateCountsSchema,
});
export type SchoolClasses = z.infer<typeof SchoolClassesSchema>;
