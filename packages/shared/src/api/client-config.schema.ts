import { z } from 'zod';

/** Upload limits the portal falls back on when the server does not send its own. */
export const CLIENT_UPLOAD_DEFAULTS = {
  /** Video and audio over tus: 4 GiB. */
  videoMaxBytes: 4 * 1024 ** 3,
  /** Images and documents: 25 MB. */
  documentMaxBytes: 25 * 1024 * 1024,
  /** Seconds without progress before the portal suggests a retry (spec 8 stall text). */
  uploadStallSeconds: 30,
} as const;

/** Runtime configuration for the web app (GET /api/config), so one build serves any event. */
export const ClientConfigSchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  year: z.number().int(),
  timeZone: z.string(),
  production: z.boolean(),
  /** Upload limits (issue 8); the client uses CLIENT_UPLOAD_DEFAULTS when absent. */
  videoMaxBytes: z.number().int().positive().optional(),
  documentMaxBytes: z.number().int().positive().optional(),
  uploadStallSeconds: z.number().int().positive().optional(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;
