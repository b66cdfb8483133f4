import { z } from 'zod';
import { ErrorCodeSchema } from './error-codes.ts';

/** Every error the API returns (architecture guide, "The API contract"). */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: ErrorCodeSchema,
  message: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
