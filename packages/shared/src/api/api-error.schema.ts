import { z } from 'zod';

/** Every error the API returns (architecture guide, "The API contract"). */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
