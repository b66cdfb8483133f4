import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';

/** A parent's link to a learner a teacher entered (issue 35, decision 063). */

/**
 * What the teacher sees of a learner's parent: no address given, not invited, invited (when),
 * linked (the parent consented), taken over (the child is in the parent's account), or left
 * (the parent withdrew the child from the school's entries).
 */
export const PARENT_STATES = [
  'no-contact',
  'not-invited',
  'invited',
  'linked',
  'taken-over',
  'left',
] as const;
export type ParentState = (typeof PARENT_STATES)[number];

export const ParentLinkSchema = z.object({
  learnerId: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  state: z.enum(PARENT_STATES),
  /** 'email' or 'whatsapp': how the last invitation went. */
  channel: z.enum(['email', 'whatsapp']).nullable(),
  invitedAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the parent accepted, took over or left. */
  changedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ParentLink = z.infer<typeof ParentLinkSchema>;

/** The parents of a class's learners, those taken over or left included. */
export const ClassParentsSchema = z.array(ParentLinkSchema);
export type ClassParents = z.infer<typeof ClassParentsSchema>;

export const InvitedAllSchema = z.object({
  /** Invitations sent now. */
  sent: z.number().int(),
  /** Learners with an address whose parent was invited, linked or left already. */
  skipped: z.number().int(),
});
export type InvitedAll = z.infer<typeof InvitedAllSchema>;

/** An invitation's token: 43 characters of base64url (32 random bytes). */
const InvitationTokenSchema = text().regex(/^[A-Za-z0-9_-]{43}$/);

export const InvitationTokenParamsSchema = z.object({ token: InvitationTokenSchema });

export const AcceptInvitationParamsSchema = z.object({
  id: IdSchema,
  token: InvitationTokenSchema,
});

/** What the invitation's landing page shows before the parent signs in: nothing but the child's first name. */
export const InvitationSummarySchema = z.object({
  childFirstName: z.string(),
  schoolName: z.string(),
  teacherName: z.string(),
  channel: z.enum(['email', 'whatsapp']),
  /** The address, masked: the one the parent must sign in with. */
  sentTo: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type InvitationSummary = z.infer<typeof InvitationSummarySchema>;

/** The parent's consents (spec: the contestant form's Honour Pledge and Terms and Conditions). */
export const AcceptInvitationSchema = z.object({
  acceptedHonourPledge: z.boolean().default(false),
  acceptedTermsAndConditions: z.boolean().default(false),
  /** The parent's consent that the portal keeps and uses their child's details (POPIA). */
  acceptedMinorData: z.boolean().default(false),
});
export type AcceptInvitation = z.input<typeof AcceptInvitationSchema>;

export const SchoolChildEntrySchema = z.object({
  orderItemId: z.number().int(),
  itemCode: z.string(),
  itemTitle: z.string(),
  /** 'cart' while the school has not paid; 'paid'; 'withdrawn'. */
  status: z.enum(['cart', 'awaiting_payment', 'paid', 'withdrawn']),
  files: z.number().int(),
  finalised: z.boolean(),
  /** The published mark, once results are out. */
  total: z.number().int().nullable(),
});

/** A child a teacher entered, as their linked parent sees them. */
export const SchoolChildSchema = z.object({
  learnerId: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  grade: z.string(),
  schoolName: z.string(),
  teacherName: z.string(),
  state: z.enum(['linked', 'left']),
  linkedAt: z.iso.datetime({ offset: true }),
  entries: z.array(SchoolChildEntrySchema),
});
export type SchoolChild = z.infer<typeof SchoolChildSchema>;

export const SchoolChildParamsSchema = z.object({ id: IdSchema, learnerId: IdSchema });

export const LearnerInvitationParamsSchema = z.object({
  id: IdSchema,
  membershipId: IdSchema,
  learnerId: IdSchema,
});
