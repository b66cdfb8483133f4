import { z } from 'zod';
import { ErrorCodeSchema } from './error-codes.ts';

/** Every error the API returns (architecture guide, "The API contract"). */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: ErrorCodeSchema,
  message: z.string(),
  /**
   * The message's id in a catalogue and its values, when it has one (decision 057): the web says
   * it in the reader's language; `message` is the same words in English, for any other caller.
   */
  messageId: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
