import { z } from 'zod';

/** Runtime configuration for the web app (GET /api/config), so one build serves any event. */
export const ClientConfigSchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  year: z.number().int(),
  timeZone: z.string(),
  production: z.boolean(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;
