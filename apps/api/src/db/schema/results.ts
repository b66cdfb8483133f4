import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { orderItems } from './orders.ts';

/** An adjudicator's mark of one entry: the comment and whether it is still a draft. */
export const marks = pgTable(
  'marks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    adjudicatorId: integer().references(() => customers.id),
    comment: text().notNull().default(''),
    status: text().notNull().default('draft'),
    submittedAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('marks_order_item_uq').on(t.orderItemId)],
);

/** One rubric line of a mark (spec 3, Rubric score: name, value). */
export const rubricScores = pgTable(
  'rubric_scores',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    markId: integer()
      .notNull()
      .references(() => marks.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    value: integer().notNull(),
    maxValue: integer().notNull(),
  },
  (t) => [index('rubric_scores_mark_idx').on(t.markId)],
);
