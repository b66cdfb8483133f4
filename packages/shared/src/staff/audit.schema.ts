import { z } from 'zod';
import { text } from '../api/text.schema.ts';

// The audit log as organisers read it (issue 16): who changed what, when, before and after.

export const AUDIT_PAGE_SIZE = 25;

export const AuditQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  /** Words found in the action, the record, the actor's name or the details. */
  search: text()
    .max(100)
    .transform((s) => s.trim())
    .default(''),
  /** Only this action ('school.rename'), and only records of this type ('school'). */
  action: text().max(60).optional(),
  entityType: text().max(60).optional(),
});

/** The actions and the types of record the log holds: the screen's filters offer them. */
export const AuditKindsSchema = z.object({
  actions: z.array(z.string()),
  entityTypes: z.array(z.string()),
});
export type AuditKinds = z.infer<typeof AuditKindsSchema>;

const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  /** The person's name; null for the system (a job, a provider's notification). */
  actor: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** What the change recorded, with `before` and `after` where it has them. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
