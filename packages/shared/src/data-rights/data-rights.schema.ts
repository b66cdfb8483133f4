import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';

// A family's data rights (issue 17, POPIA; docs/decisions/024-data-rights.md): download what the
// portal holds about it, ask for erasure; organisers carry erasures out.

const ERASURE_STATUSES = ['pending', 'done'] as const;

/** A family's own request, as My Profile shows it. */
export const FamilyErasureRequestSchema = z.object({
  id: z.number().int(),
  status: z.enum(ERASURE_STATUSES),
  requestedAt: z.iso.datetime({ offset: true }),
});
export type FamilyErasureRequest = z.infer<typeof FamilyErasureRequestSchema>;

/** GET /api/Customers/{id}/ErasureRequest: the pending request, or none. */
export const FamilyDataRightsSchema = z.object({
  request: FamilyErasureRequestSchema.nullable(),
});
export type FamilyDataRights = z.infer<typeof FamilyDataRightsSchema>;

/** What an erasure removed (rows or files), by kind: the request keeps it once done. */
const ErasureCountsSchema = z.record(z.string(), z.number().int());

/**
 * A request as organisers list it. The family's name and address are shown while it is
 * pending; once done they are gone with the rest (only the account's number stays).
 */
export const StaffErasureRequestSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  status: z.enum(ERASURE_STATUSES),
  /** Who asked: the family itself, or an organiser on its behalf. */
  requestedBy: z.enum(['family', 'organiser']),
  familyName: z.string().nullable(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  requestedAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Filled when done: how many of each kind of record or file were removed. */
  counts: ErasureCountsSchema.nullable(),
});
export type StaffErasureRequest = z.infer<typeof StaffErasureRequestSchema>;

export const ErasureRequestParamsSchema = z.object({ id: IdSchema });

/** What the organiser's confirmation names: removed, and kept (the anonymised ledger). */
export const ERASURE_SUMMARY = {
  removed: [
    'The account’s names, email address and mobile number, and its sign-in addresses',
    'Contestants’ names, dates, schools and pictures, and group members’ names',
    'Uploaded files, videos and certificates, and messages sent to the family',
    'Support tickets from its email address, and personal details in payment and audit records',
  ],
  kept: [
    'Orders, entries, amounts and payment references, without names (the financial records the law requires)',
    'A record that the erasure was done, without personal data',
  ],
} as const;
