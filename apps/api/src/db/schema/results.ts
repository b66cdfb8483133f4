import type { Section } from '@eisteddfod/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories, events, schools } from './catalogue.ts';
import { customers, participantProfiles } from './customers.ts';
import { groupParticipants, orderItems } from './orders.ts';

/**
 * One criterion of a section's marking rubric, seeded from the event's data
 * (apps/api/data/demo/rubrics.json). A section's maxima total 100.
 */
export const rubricCriteria = pgTable(
  'rubric_criteria',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    section: text().notNull(),
    position: integer().notNull(),
    name: text().notNull(),
    maxValue: integer().notNull(),
  },
  (t) => [
    uniqueIndex('rubric_criteria_position_uq').on(t.eventId, t.section, t.position),
    check('rubric_criteria_max_ck', sql`${t.maxValue} between 1 and 100`),
  ],
);

/** What an adjudicator marks: a whole section or one category of the event. */
export const adjudicatorAssignments = pgTable(
  'adjudicator_assignments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adjudicatorId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    section: text().$type<Section>(),
    categoryId: integer().references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'adjudicator_assignments_target_ck',
      sql`(${t.section} is null) <> (${t.categoryId} is null)`,
    ),
    uniqueIndex('adjudicator_assignments_section_uq')
      .on(t.adjudicatorId, t.eventId, t.section)
      .where(sql`${t.section} is not null`),
    uniqueIndex('adjudicator_assignments_category_uq')
      .on(t.adjudicatorId, t.categoryId)
      .where(sql`${t.categoryId} is not null`),
  ],
);

/**
 * A conflict of interest an adjudicator declared: a school, or a contestant by name (as the
 * adjudicator knows them; blind marking hides profile ids). Both are kept folded to lower case
 * with single spaces. Entries that touch either are never shown to that adjudicator. A school of
 * the organisers' list is also held by its id, so the conflict follows a rename or a merge
 * (issue 30); a school typed for a group member matches by name only.
 */
export const conflictsOfInterest = pgTable(
  'conflicts_of_interest',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adjudicatorId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text().notNull().$type<'school' | 'contestant'>(),
    /** As typed, for display. */
    label: text().notNull(),
    /** Folded for matching: lower case, single spaces. */
    matchKey: text().notNull(),
    /**
     * The school of the list the name was when declared (or when a school change found it), if
     * any. Null for a contestant, and for a school not on the list.
     */
    schoolId: integer().references(() => schools.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conflicts_of_interest_uq').on(t.adjudicatorId, t.kind, t.matchKey),
    index('conflicts_of_interest_school_idx').on(t.schoolId),
    check('conflicts_of_interest_kind_ck', sql`${t.kind} in ('school', 'contestant')`),
    check('conflicts_of_interest_school_ck', sql`${t.kind} = 'school' or ${t.schoolId} is null`),
  ],
);

/**
 * A conflict of interest with a teacher (issue 35, decision 068): an organiser records it on the
 * adjudicator's conflicts, choosing the teacher's account as organisers see it. Every learner
 * that teacher holds or entered, in any class at any school, is kept from the adjudicator. Its
 * own table, not a kind of `conflicts_of_interest`: the previous release reads that table's kinds
 * as school or contestant and would show a teacher's conflict as a contestant's.
 */
export const teacherConflicts = pgTable(
  'teacher_conflicts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adjudicatorId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    teacherId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The teacher's name and email when recorded, for display. */
    label: text().notNull(),
    recordedBy: integer().references(() => customers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teacher_conflicts_uq').on(t.adjudicatorId, t.teacherId),
    index('teacher_conflicts_teacher_idx').on(t.teacherId),
  ],
);

/**
 * An adjudicator's mark of one entry: the comment and whether it is still a draft. Families see
 * it (and its rubric scores) only once `publishedAt` is set.
 */
export const marks = pgTable(
  'marks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    adjudicatorId: integer().references(() => customers.id),
    comment: text().notNull().default(''),
    status: text().notNull().default('draft').$type<'draft' | 'submitted'>(),
    /** The sum of the rubric values, worked out by the server when the mark is saved. */
    total: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('marks_order_item_uq').on(t.orderItemId),
    index('marks_adjudicator_idx').on(t.adjudicatorId),
    check('marks_status_ck', sql`${t.status} in ('draft', 'submitted')`),
    check('marks_total_ck', sql`${t.total} between 0 and 100`),
  ],
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
  (t) => [
    index('rubric_scores_mark_idx').on(t.markId),
    check('rubric_scores_value_ck', sql`${t.value} between 0 and ${t.maxValue}`),
  ],
);

/**
 * A confirmed Section Winner of an event (decision 026), frozen at confirmation: a new
 * confirmation supersedes the rows. The certificate hangs on the winner's best entry.
 */
export const sectionWinners = pgTable(
  'section_winners',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    participantProfileId: integer()
      .notNull()
      .references(() => participantProfiles.id, { onDelete: 'cascade' }),
    bestOrderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    section: text().notNull().$type<Section>(),
    bandName: text().notNull(),
    bandLabel: text().notNull(),
    score: doublePrecision().notNull(),
    entries: integer().notNull(),
    confirmedAt: timestamp({ withTimezone: true }).notNull(),
    confirmedBy: integer().references(() => customers.id, { onDelete: 'set null' }),
    supersededAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('section_winners_event_idx')
      .on(t.eventId)
      .where(sql`${t.supersededAt} is null`),
    index('section_winners_profile_idx').on(t.participantProfileId),
  ],
);

/**
 * A certificate PDF of a published result: one per entry, or one per group participant. What it
 * states is kept here too, so that the public verification page answers from the record, and a
 * regenerated certificate supersedes the old one (whose code then no longer verifies).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    groupParticipantId: integer().references(() => groupParticipants.id, {
      onDelete: 'set null',
    }),
    verificationCode: text().notNull(),
    storageKey: text().notNull(),
    fileName: text().notNull(),
    firstName: text().notNull(),
    surname: text().notNull(),
    school: text().notNull(),
    itemCode: text().notNull(),
    itemTitle: text().notNull(),
    total: integer().notNull(),
    medal: text().notNull(),
    eventName: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp({ withTimezone: true }),
    /** Set on a Section Winner certificate (decision 026), with its award line. */
    sectionWinnerId: integer().references(() => sectionWinners.id, { onDelete: 'cascade' }),
    award: text(),
  },
  (t) => [
    index('certificates_section_winner_idx').on(t.sectionWinnerId),
    uniqueIndex('certificates_code_uq').on(t.verificationCode),
    index('certificates_order_item_idx').on(t.orderItemId),
  ],
);
