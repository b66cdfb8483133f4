import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { UpdateParticipantProfileSchema } from '../contestants/contestants.schema.ts';
import { MEDALS } from '../results/results.rules.ts';
import { SCHOOL_KINDS } from '../schools/memberships.rules.ts';
import { StaffMembershipSchema } from '../schools/teachers.schema.ts';

// The family desk (issue 17; docs/decisions/021-family-desk.md): organisers find a family and
// see everything about it on one page, and correct what the family no longer can.

/** The ways a family is found, as the results say which one matched. */
const FAMILY_MATCHES = [
  'name',
  'email',
  'mobile',
  'contestant',
  'school',
  'order',
  'teacher',
] as const;
export type FamilyMatch = (typeof FAMILY_MATCHES)[number];
export const FAMILY_MATCH_LABELS: Record<FamilyMatch, string> = {
  name: 'Name',
  email: 'Email',
  mobile: 'Mobile number',
  contestant: 'Contestant',
  school: 'School',
  order: 'Order number',
  teacher: 'Teaches at the school',
};

export const FAMILY_DESK_MESSAGES = {
  searchTooShort: 'Please type at least 2 characters.',
  notPaid: 'Only a paid order has a payment confirmation to send again.',
  feeRequired: 'Please say whether the fee applies.',
} as const;

/** Spec 9's fees the desk's actions may carry; the amounts are the event's (EventFees). */
const FAMILY_DESK_FEES = {
  amendment: 'Amendment of participant details or certificate regeneration',
  change: 'Change fee for a wrong item code',
} as const;
export type FamilyDeskFee = keyof typeof FAMILY_DESK_FEES;

export const FAMILY_SEARCH_PAGE_SIZE = 20;

/** GET /api/Staff/Families?q=: one box for a name, an address, a number, a school or an order. */
export const FamilySearchQuerySchema = z.object({
  q: text()
    .max(100)
    .transform((s) => s.trim())
    .pipe(z.string().min(2, FAMILY_DESK_MESSAGES.searchTooShort)),
  skip: z.coerce.number().int().min(0).max(10_000).default(0),
  take: z.coerce.number().int().min(1).max(50).default(FAMILY_SEARCH_PAGE_SIZE),
});
export type FamilySearchQuery = z.infer<typeof FamilySearchQuerySchema>;

const FamilySearchResultSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  contestants: z.array(z.string()),
  matched: z.array(z.enum(FAMILY_MATCHES)),
});

/** A school of the list whose name the text is part of (issue 35), leading to its page. */
const SchoolSearchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SCHOOL_KINDS),
  /** Teachers approved to act for it. */
  teachers: z.number().int(),
});

export const FamilySearchPageSchema = z.object({
  rows: z.array(FamilySearchResultSchema),
  total: z.number().int(),
  /** Schools found by name (folded as schools are: case and runs of spaces), on the first page. */
  schools: z.array(SchoolSearchResultSchema),
});
export type FamilySearchPage = z.infer<typeof FamilySearchPageSchema>;

export const FamilyParamsSchema = z.object({ id: IdSchema });
export const FamilyContestantParamsSchema = z.object({ id: IdSchema, contestantId: IdSchema });
export const FamilyEntryParamsSchema = z.object({ id: IdSchema, orderItemId: IdSchema });
export const FamilyOrderParamsSchema = z.object({ id: IdSchema, orderId: IdSchema });

const at = z.iso.datetime({ offset: true });

const FamilyContestantSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  school: z.string(),
  grade: z.string(),
  gender: z.string().nullable(),
  acceptedTermsAt: at.nullable(),
  acceptedHonourPledgeAt: at.nullable(),
  createdAt: at,
  updatedAt: at,
  /**
   * The profile picture (spec 4: head and shoulders in full school uniform), for the organiser
   * to check: `link` is a short-lived signed link to its viewable copy, handed out only in this
   * organisers' answer (decision 005); null for a file browsers cannot show, named by `name`.
   */
  picture: z.object({ link: z.string().nullable(), name: z.string() }).nullable(),
});
export type FamilyContestant = z.infer<typeof FamilyContestantSchema>;

const FamilyOrderItemSchema = z.object({
  id: z.number().int(),
  contestant: z.string(),
  itemCode: z.string(),
  itemShortDescription: z.string(),
  /** Frozen at checkout; null while the order is a cart. */
  priceCents: z.number().int().nullable(),
  isCancelled: z.boolean(),
});

const FamilyOrderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  eventName: z.string(),
  status: z.enum(['cart', 'awaiting_payment', 'paid', 'cancelled']),
  isImported: z.boolean(),
  sendWhatsAppConfirmation: z.boolean(),
  confirmationEmail: z.string().nullable(),
  subtotalCents: z.number().int().nullable(),
  surchargeCents: z.number().int().nullable(),
  /** The frozen total, or a cart's lines at today's prices (without a late surcharge). */
  totalCents: z.number().int(),
  createdAt: at,
  checkedOutAt: at.nullable(),
  completedAt: at.nullable(),
  items: z.array(FamilyOrderItemSchema),
});
export type FamilyOrder = z.infer<typeof FamilyOrderSchema>;

/** A provider's payment (the payments table) or a movement an organiser recorded by hand. */
const FamilyPaymentSchema = z.object({
  key: z.string(),
  source: z.enum(['provider', 'manual']),
  /** 'provider_payment', 'manual_payment', 'refund' or 'credit'. */
  kind: z.string(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  /** The provider ('sandbox', 'payfast') or how it was paid by hand. */
  method: z.string().nullable(),
  reference: z.string().nullable(),
  amountCents: z.number().int(),
  /** A provider payment's outcome ('credited'…), 'recorded' for a movement by hand. */
  status: z.string(),
  at,
});
export type FamilyPayment = z.infer<typeof FamilyPaymentSchema>;

const FamilyFileSchema = z.object({
  key: z.string(),
  kind: z.enum(['main', 'supporting', 'video']),
  name: z.string(),
  /** Null while a video is still arriving: the bytes received so far are not recorded. */
  sizeInBytes: z.number().int().nullable(),
  /**
   * 'uploaded', 'deleted', 'uploading' (a video whose bytes began to arrive), 'received' (arrived,
   * not yet the entry's file), or 'empty': a video slot opened but no upload ever began on it.
   * The family's portal reuses such a slot for its next video; it is not a file.
   */
  state: z.enum(['uploaded', 'deleted', 'uploading', 'received', 'empty']),
  at,
});

const FamilyMarkSchema = z.object({
  status: z.enum(['draft', 'submitted']),
  total: z.number().int(),
  medal: z.enum(MEDALS).nullable(),
  comment: z.string(),
  scores: z.array(
    z.object({ name: z.string(), value: z.number().int(), maxValue: z.number().int() }),
  ),
  publishedAt: at.nullable(),
});

const FamilyCertificateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  verificationCode: z.string(),
  issuedAt: at,
  supersededAt: at.nullable(),
});

const FamilyEntrySchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  participantProfileId: z.number().int(),
  contestant: z.string(),
  itemId: z.number().int(),
  itemCode: z.string(),
  itemShortDescription: z.string(),
  section: z.string(),
  isGroupItem: z.boolean(),
  groupName: z.string().nullable(),
  /** A group entry's members as the family listed them; empty for a solo entry. */
  groupMembers: z.array(z.object({ name: z.string(), grade: z.string(), school: z.string() })),
  paid: z.boolean(),
  withdrawn: z.boolean(),
  /** A main file is uploaded (spec 4, Entry status: complete). */
  filesComplete: z.boolean(),
  finalised: z.boolean(),
  finalisedAt: at.nullable(),
  files: z.array(FamilyFileSchema),
  /** Organisers see marks before publication too; null when nobody has marked it. */
  mark: FamilyMarkSchema.nullable(),
  certificates: z.array(FamilyCertificateSchema),
});
export type FamilyEntry = z.infer<typeof FamilyEntrySchema>;

const FamilyMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'whatsapp']),
  recipient: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: at,
  sentAt: at.nullable(),
});

/** GET /api/Staff/Families/:id: everything the desk shows about one family. */
export const FamilyDetailsSchema = z.object({
  family: z.object({
    id: z.number().int(),
    firstName: z.string(),
    surname: z.string(),
    email: z.string().nullable(),
    mobileNumber: z.string().nullable(),
    country: z.string(),
    createdAt: at,
    identities: z.array(
      z.object({
        channel: z.enum(['email', 'mobile']),
        identifier: z.string(),
        verified: z.boolean(),
      }),
    ),
  }),
  /**
   * The current event's registration opening (decision 041): before it, entries are refused but
   * for a family an organiser let in early (who, and when). Null while there is no event.
   */
  entryWindow: z
    .object({
      opensOn: z.string(),
      open: z.boolean(),
      letInEarly: z.object({ by: z.string(), at }).nullable(),
    })
    .nullable(),
  /** The current event's fees of spec 9, in cents, for the actions' fee boxes. */
  fees: z.object({ amendmentCents: z.number().int(), changeCents: z.number().int() }),
  contestants: z.array(FamilyContestantSchema),
  orders: z.array(FamilyOrderSchema),
  payments: z.array(FamilyPaymentSchema),
  /** False while movements recorded by hand cannot be read (no payment ledger in this build). */
  manualPaymentsShown: z.boolean(),
  entries: z.array(FamilyEntrySchema),
  messages: z.array(FamilyMessageSchema),
  /** The account's school memberships (any state) with the learners each class holds. */
  teaching: z.array(StaffMembershipSchema),
});
export type FamilyDetails = z.infer<typeof FamilyDetailsSchema>;

/** Whether the organiser charges spec 9's fee for this action; recorded in the audit log. */
const feeApplies = z.boolean(FAMILY_DESK_MESSAGES.feeRequired);

/** PUT /api/Staff/Families/:id/Contestants/:contestantId: the contestant's corrected details. */
export const CorrectContestantSchema = UpdateParticipantProfileSchema.omit({
  id: true,
  customerId: true,
  profilePicture: true,
}).extend({ feeApplies });
export type CorrectContestant = z.infer<typeof CorrectContestantSchema>;

/** PUT /api/Staff/Families/:id/Entries/:orderItemId/Item: another item for the entry. */
export const ChangeEntryItemSchema = z.object({ itemId: IdSchema, feeApplies });
export type ChangeEntryItem = z.infer<typeof ChangeEntryItemSchema>;

/** POST /api/Staff/Families/:id/Entries/:orderItemId/Certificates. */
export const RegenerateFamilyCertificatesSchema = z.object({ feeApplies });
export type RegenerateFamilyCertificates = z.infer<typeof RegenerateFamilyCertificatesSchema>;

export const ConfirmationResentSchema = z.object({
  messages: z.array(z.object({ channel: z.enum(['email', 'whatsapp']), recipient: z.string() })),
});
export type ConfirmationResent = z.infer<typeof ConfirmationResentSchema>;

export const CertificatesRegeneratedSchema = z.object({ certificates: z.number().int() });

/** The line the screen shows beside a fee box: "Change fee for a wrong item code: R 250.00". */
export function feeLine(fee: FamilyDeskFee, amount: string): string {
  return `${FAMILY_DESK_FEES[fee]}: ${amount}`;
}
