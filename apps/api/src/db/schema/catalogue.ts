import type {
  MainFileKind,
  SchoolKind,
  Section,
  Translations,
  WinnersRule,
} from '@eisteddfod/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** One competition edition, with its dates, fees and time zone (spec 9). */
export const events = pgTable(
  'events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    year: integer().notNull(),
    /** The event families see (at most one; EVENT_ID overrides it). */
    isLive: boolean().notNull().default(false),
    /** Where its certificates are filed; `<year>Certificates` when not set. */
    certificatesFolder: text(),
    /** The year of the event this one was copied from (decision 059); null if not a copy. */
    copiedFromYear: integer(),
    timeZone: text().notNull().default('Africa/Johannesburg'),
    registrationOpens: date({ mode: 'string' }).notNull(),
    registrationCloses: date({ mode: 'string' }).notNull(),
    uploadsOpen: date({ mode: 'string' }).notNull(),
    submissionStarts: date({ mode: 'string' }).notNull(),
    submissionEnds: date({ mode: 'string' }).notNull(),
    visualArtsDue: date({ mode: 'string' }).notNull(),
    galaAwards: date({ mode: 'string' }).notNull(),
    lateEntryFrom: date({ mode: 'string' }),
    individualFeeCents: integer().notNull(),
    groupSmallFeeCents: integer().notNull(),
    groupLargeFeeCents: integer().notNull(),
    groupLargeFromParticipants: integer().notNull(),
    changeFeeCents: integer().notNull(),
    amendmentFeeCents: integer().notNull(),
    lateSurchargePercent: integer().notNull(),
    /** Public-site text (home page, FAQ, rules), edited as data rather than code. */
    content: jsonb().notNull().default({}),
    /** Days entries' uploaded files are kept after their results are published (decision 024). */
    fileRetentionDays: integer().notNull().default(365),
    /** The section winners' rule (decision 026); null: the default rule. */
    winnersRule: jsonb().$type<WinnersRule>(),
    winnersRuleUpdatedAt: timestamp({ withTimezone: true }),
    /** When the section winners were last confirmed (the rows are section_winners'). */
    winnersConfirmedAt: timestamp({ withTimezone: true }),
    /** 'HH:MM' on the gala date, in the event's time zone; null: released by hand only. */
    resultsReleaseTime: text(),
    /** When the results were released; set once, by the claim of the release. */
    resultsReleasedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('events_file_retention_days_ck', sql`${t.fileRetentionDays} between 30 and 3650`),
    check(
      'events_results_release_time_ck',
      sql`${t.resultsReleaseTime} is null or ${t.resultsReleaseTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    uniqueIndex('events_live_uq')
      .on(t.isLive)
      .where(sql`${t.isLive}`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer()
      .notNull()
      .references(() => events.id),
    name: text().notNull(),
    section: text().notNull().$type<Section>(),
    sortOrder: integer().notNull().default(0),
    /** Its name in other languages, by locale (decision 070). */
    translations: jsonb().notNull().default({}).$type<Translations<{ name: string }>>(),
  },
  (t) => [
    uniqueIndex('categories_event_name_uq').on(t.eventId, t.name),
    check(
      'categories_section_ck',
      sql`${t.section} in ('Dramatic Arts', 'Music', 'Visual Arts & Design', 'Dance')`,
    ),
  ],
);

export const items = pgTable(
  'items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer()
      .notNull()
      .references(() => events.id),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    code: text().notNull(),
    shortDescription: text().notNull(),
    description: text().notNull(),
    priceCents: integer().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    isGroupItem: boolean().notNull(),
    minimumParticipants: integer().notNull(),
    maximumParticipants: integer().notNull(),
    requiresAnInstrument: boolean().notNull(),
    /** What its main file may be (MAIN_FILE_KINDS); the uploads portal checks it. */
    mainFileKinds: text()
      .array()
      .notNull()
      .default(sql`'{video,audio}'`)
      .$type<MainFileKind[]>(),
    /** The longest performance, in seconds; null for none. */
    timeLimitSeconds: integer(),
    /** When an organiser retired it: hidden from new carts, kept in the orders that have it. */
    retiredAt: timestamp({ withTimezone: true }),
    /**
     * The grades it is for, both ends included ('R' to '12'); both null: every grade (decision
     * 042). items_grades_ck (migration 0027) holds both or neither, each a grade, in order.
     */
    lowestGrade: text(),
    highestGrade: text(),
    /** The organiser's exception: contestants of other grades may enter it too. */
    otherGradesAllowed: boolean().notNull().default(false),
    /** Its short description and description in other languages, by locale (decision 070). */
    translations: jsonb()
      .notNull()
      .default({})
      .$type<Translations<{ shortDescription: string; description: string }>>(),
  },
  (t) => [
    uniqueIndex('items_event_code_uq').on(t.eventId, t.code),
    index('items_category_idx').on(t.categoryId),
    check(
      'items_participants_ck',
      sql`${t.minimumParticipants} between 1 and ${t.maximumParticipants}`,
    ),
    check('items_price_ck', sql`${t.priceCents} >= 0`),
    check(
      'items_time_limit_ck',
      sql`${t.timeLimitSeconds} is null or ${t.timeLimitSeconds} between 1 and 36000`,
    ),
  ],
);

/** Schools offered in the contestant form; the first is 'Other School' (spec 9). */
export const schools = pgTable(
  'schools',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull().unique(),
    sortOrder: integer().notNull().default(0),
    /** A school, or a private studio a teacher runs (decision 061). */
    kind: text().notNull().default('school').$type<SchoolKind>(),
  },
  (t) => [check('schools_kind_ck', sql`${t.kind} in ('school', 'studio')`)],
);
