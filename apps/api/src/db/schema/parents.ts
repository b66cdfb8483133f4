import type { ParentState } from '@eisteddfod/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers, participantProfiles, schoolMemberships } from './customers.ts';

/**
 * A learner's parent (issue 35, decision 063): the invitation the teacher sent and, once the
 * parent accepts it with their consents, the link between the parent's account and the child.
 * One row per learner; a new invitation replaces the old one's token.
 */
export const learnerParents = pgTable(
  'learner_parents',
  {
    participantProfileId: integer()
      .primaryKey()
      .references(() => participantProfiles.id, { onDelete: 'cascade' }),
    /** The class and teacher that invited: what the teacher still sees once the child is taken over. */
    membershipId: integer().references(() => schoolMemberships.id, { onDelete: 'set null' }),
    teacherCustomerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    state: text()
      .notNull()
      .default('invited')
      .$type<Exclude<ParentState, 'no-contact' | 'not-invited'>>(),
    channel: text().notNull().$type<'email' | 'whatsapp'>(),
    /**
     * The address invited: the one the parent's account must have proved to accept. An email
     * folded; a mobile number international (+27…), or national digits if sent before that.
     */
    sentTo: text().notNull(),
    /** sha256 of the link's token (never the token): kept once used, so a second use is told so. */
    tokenHash: text(),
    invitedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    parentCustomerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    /** When the parent accepted the Honour Pledge, the terms and the consent for the child's data. */
    consentedAt: timestamp({ withTimezone: true }),
    changedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('learner_parents_token_uq').on(t.tokenHash),
    index('learner_parents_parent_idx').on(t.parentCustomerId),
    index('learner_parents_membership_idx').on(t.membershipId),
    check(
      'learner_parents_state_ck',
      sql`${t.state} in ('invited', 'linked', 'taken-over', 'left')`,
    ),
    check('learner_parents_channel_ck', sql`${t.channel} in ('email', 'whatsapp')`),
  ],
);
