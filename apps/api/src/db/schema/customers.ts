import type {
  Gender,
  MembershipRole,
  MembershipStatus,
  SchoolKind,
  StaffRole,
} from '@eisteddfod/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { schools } from './catalogue.ts';

/**
 * A parent or guardian (spec 3, Customer), or a member of staff: 'organiser' or 'adjudicator'
 * sign in the same way; the role is read from here on every staff call
 * (docs/decisions/008-adjudication.md).
 */
export const customers = pgTable(
  'customers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    firstName: text().notNull(),
    surname: text().notNull(),
    email: text(),
    mobileNumber: text(),
    country: text().notNull(),
    role: text().notNull().default('customer').$type<'customer' | StaffRole>(),
    /**
     * A member of staff an organiser deactivated: no staff call, no sign-in (decision 019). The
     * role stays, so a reactivation gives it back.
     */
    deactivatedAt: timestamp({ withTimezone: true }),
    /**
     * Sessions carry the generation they were issued in and work only while it is the
     * account's; a deactivation moves it on, so they stay ended after a reactivation.
     */
    sessionGeneration: integer().notNull().default(0),
    /** The family turned reminders off on My Profile (decision 022). */
    remindersOptOut: boolean().notNull().default(false),
    /**
     * When the family proved `email` / `mobileNumber` is theirs with a pin (decision 031): a
     * login pin to that identity, or a contact pin from My Profile. Null: typed, not proved, so
     * nothing personal is sent to it and it is not the family's in an archive or an erasure.
     */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    mobileVerifiedAt: timestamp({ withTimezone: true }),
    /**
     * The language the person reads (decision 069): what the server sends them is written in it.
     * Set from the language the account was created in, changed by the site's switch.
     */
    language: text().notNull().default('en'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('customers_role_ck', sql`${t.role} in ('customer', 'organiser', 'adjudicator')`),
    check('customers_language_ck', sql`${t.language} ~ '^[a-z]{2,3}$'`),
  ],
);

/** The email address or international mobile number a customer signs in with; unique. */
export const loginIdentities = pgTable(
  'login_identities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    channel: text().notNull().$type<'email' | 'mobile'>(),
    identifier: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('login_identities_identifier_uq').on(t.channel, t.identifier),
    check('login_identities_channel_ck', sql`${t.channel} in ('email', 'mobile')`),
  ],
);

/** A one-time pin sent to a customer; only its hash is kept. */
export const pinChallenges = pgTable(
  'pin_challenges',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    channel: text().notNull(),
    /**
     * 'login' pins turn into sessions; 'contact' pins only prove a contact detail (decision
     * 031), so whoever holds a typed number cannot sign in with the pin sent to it.
     */
    purpose: text().notNull().default('login').$type<'login' | 'contact'>(),
    /** Where a contact pin went: it proves that address only, not one changed since. */
    sentTo: text(),
    pinHash: text().notNull(),
    failedAttempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    supersededAt: timestamp({ withTimezone: true }),
    /** When the verified pin's grant was turned into a session (single use). */
    grantUsedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pin_challenges_customer_idx').on(t.customerId, t.createdAt)],
);

/** A contestant (spec 3, Participant profile). */
export const participantProfiles = pgTable(
  'participant_profiles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    surname: text().notNull(),
    email: text(),
    mobileNumber: text(),
    school: text().notNull(),
    grade: text().notNull(),
    gender: text().$type<Gender>(),
    acceptedTermsAt: timestamp({ withTimezone: true }),
    acceptedHonourPledgeAt: timestamp({ withTimezone: true }),
    /**
     * The school of the list the child attends (decision 061); `school` keeps the name as typed.
     * Null for 'Other School' and for a name the list does not have (yet).
     */
    schoolId: integer().references(() => schools.id, { onDelete: 'set null' }),
    /**
     * The class that holds this learner: the membership of the teacher who entered them (the
     * account in `customerId`). Null for a family's own child.
     */
    schoolMembershipId: integer().references(() => schoolMemberships.id, { onDelete: 'set null' }),
    /**
     * When the teacher declared that the school's own consent covers this learner's data. Until
     * a parent consents, nothing of the child is public (decision 061).
     */
    schoolConsentDeclaredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('participant_profiles_customer_idx').on(t.customerId),
    index('participant_profiles_school_idx').on(t.schoolId),
    index('participant_profiles_membership_idx')
      .on(t.schoolMembershipId)
      .where(sql`${t.schoolMembershipId} is not null`),
    check(
      'participant_profiles_grade_ck',
      sql`${t.grade} in ('R','1','2','3','4','5','6','7','8','9','10','11','12')`,
    ),
    check(
      'participant_profiles_gender_ck',
      sql`${t.gender} is null or ${t.gender} in ('male', 'female', 'other')`,
    ),
  ],
);

/**
 * A teacher's request to act for a school, and once approved, their class there (decision 061).
 * A school the list does not have is asked for by name (`proposedSchoolName`); the organiser adds
 * it, or picks the school it is, when approving.
 */
export const schoolMemberships = pgTable(
  'school_memberships',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    schoolId: integer().references(() => schools.id, { onDelete: 'restrict' }),
    proposedSchoolName: text(),
    proposedKind: text().$type<SchoolKind>(),
    role: text().notNull().default('teacher').$type<MembershipRole>(),
    status: text().notNull().default('requested').$type<MembershipStatus>(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => customers.id, { onDelete: 'set null' }),
    /** Why an organiser refused, shown to the teacher. */
    refusalReason: text(),
  },
  (t) => [
    index('school_memberships_customer_idx').on(t.customerId),
    index('school_memberships_school_idx').on(t.schoolId, t.status),
    uniqueIndex('school_memberships_open_uq')
      .on(t.customerId, t.schoolId)
      .where(sql`${t.status} in ('requested', 'approved')`),
    uniqueIndex('school_memberships_coordinator_uq')
      .on(t.schoolId)
      .where(sql`${t.role} = 'coordinator' and ${t.status} = 'approved'`),
    check('school_memberships_role_ck', sql`${t.role} in ('teacher', 'coordinator')`),
    check(
      'school_memberships_status_ck',
      sql`${t.status} in ('requested', 'approved', 'refused', 'ended')`,
    ),
    check(
      'school_memberships_kind_ck',
      sql`${t.proposedKind} is null or ${t.proposedKind} in ('school', 'studio')`,
    ),
    check(
      'school_memberships_school_ck',
      sql`${t.schoolId} is not null or ${t.proposedSchoolName} is not null`,
    ),
    check(
      'school_memberships_approved_ck',
      sql`${t.status} in ('requested', 'refused') or ${t.schoolId} is not null`,
    ),
  ],
);

/**
 * A parent's email or mobile number a teacher gave for a learner of their class (decision 064),
 * kept for the parents' invitations. Not proved: nothing is sent to it until a parent accepts.
 */
export const learnerParentContacts = pgTable('learner_parent_contacts', {
  participantProfileId: integer()
    .primaryKey()
    .references(() => participantProfiles.id, { onDelete: 'cascade' }),
  email: text(),
  mobileNumber: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
