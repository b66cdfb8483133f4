import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';

// Reminders (issue 17, docs/decisions/022-reminders.md): organisers schedule one message per
// family of a kind, by email and/or an approved WhatsApp template.

export const REMINDER_KINDS = [
  'unpaid_cart',
  'no_main_file',
  'not_finalised',
  'results_published',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  unpaid_cart: 'Unpaid cart before the registration deadline',
  no_main_file: 'No main file yet, before the upload deadline',
  not_finalised: 'Complete but not finalised',
  results_published: 'Results published',
};

/**
 * Whom a campaign is for (decision 067): every account concerned, or only the entries of
 * learners (their teachers) or only those of families' own children. An account that teaches
 * and is a parent too hears of each apart.
 */
export const REMINDER_AUDIENCES = ['all', 'families', 'teachers'] as const;
export type ReminderAudience = (typeof REMINDER_AUDIENCES)[number];

export const REMINDER_AUDIENCE_LABELS: Record<ReminderAudience, string> = {
  all: 'Everyone concerned',
  families: "Families only (their own children's entries)",
  teachers: "Teachers only (their learners' entries)",
};

const REMINDER_CHANNELS = ['email', 'whatsapp'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

const REMINDER_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

const ChannelsSchema = z
  .array(z.enum(REMINDER_CHANNELS))
  .min(1, 'Please choose email, WhatsApp or both')
  .max(2)
  .refine((c) => new Set(c).size === c.length, 'Each channel once');

/** POST /api/Staff/Reminders: `sendAt` null sends it now. */
export const CreateReminderCampaignSchema = z.object({
  eventId: IdSchema,
  kind: z.enum(REMINDER_KINDS, 'Please choose a reminder'),
  channels: ChannelsSchema,
  sendAt: text()
    .refine(
      (v) => z.iso.datetime({ offset: true }).safeParse(v).success,
      'Please give a date and time',
    )
    .nullable(),
  /** Optional: the previous release's console sends none, and meant everyone. */
  audience: z.enum(REMINDER_AUDIENCES).default('all'),
});
export type CreateReminderCampaign = z.infer<typeof CreateReminderCampaignSchema>;

/** GET /api/Staff/Reminders/Preview: who a campaign would reach now, and what one family reads. */
export const ReminderPreviewQuerySchema = z.object({
  eventId: IdSchema,
  kind: z.enum(REMINDER_KINDS),
  /** Comma-separated: `email`, `whatsapp` or both. */
  channels: text()
    .max(20)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(ChannelsSchema),
  audience: z.enum(REMINDER_AUDIENCES).default('all'),
});

export const ReminderPreviewSchema = z.object({
  /** Families it would reach now (one message per family and channel). */
  audience: z.number().int().nonnegative(),
  /** The email one family of the audience would get; null when nobody would get one. */
  email: z.object({ to: z.string(), subject: z.string(), body: z.string() }).nullable(),
  /** The WhatsApp template and its values for that family; null when nobody would get one. */
  whatsapp: z
    .object({
      to: z.string(),
      template: z.string(),
      parameters: z.array(z.string()),
      /** The template's approved text with the values filled in. */
      text: z.string(),
    })
    .nullable(),
});
export type ReminderPreview = z.infer<typeof ReminderPreviewSchema>;

const ChannelFiguresSchema = z.object({
  queued: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});

export const ReminderCampaignSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  kind: z.enum(REMINDER_KINDS),
  channels: z.array(z.enum(REMINDER_CHANNELS)),
  status: z.enum(REMINDER_STATUSES),
  sendAt: z.iso.datetime({ offset: true }),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: z.string(),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Families it reached (once sent). */
  families: z.number().int().nonnegative(),
  /** From the messages' state in the outbox: queued (waiting or held), sent, failed. */
  delivery: z.object({ email: ChannelFiguresSchema, whatsapp: ChannelFiguresSchema }),
  /**
   * Planned by the portal before a deadline (decision 044), for the entries due on `dueDate`.
   * Optional: a previous release's server does not send them during an upgrade.
   */
  automatic: z.boolean().optional(),
  dueDate: z.iso.date().nullable().optional(),
  /** Optional: a previous release's server does not send it during an upgrade. */
  audience: z.enum(REMINDER_AUDIENCES).optional(),
});
export type ReminderCampaign = z.infer<typeof ReminderCampaignSchema>;

export const ReminderCampaignParamsSchema = z.object({ id: IdSchema });

/** GET/PUT /api/Customers/{id}/ReminderSettings: a family's own choice (My Profile). */
export const ReminderSettingsSchema = z.object({ sendReminders: z.boolean() });
