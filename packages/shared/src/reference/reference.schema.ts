import { z } from 'zod';

/** Every reference list the client needs, served from one place: GET /api/reference. */
export const ReferenceListsSchema = z.object({
  sections: z.array(z.string()),
  grades: z.array(z.object({ value: z.string(), label: z.string() })),
  genders: z.array(z.string()),
  instruments: z.array(z.string()),
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
  defaultCountry: z.string(),
  schools: z.array(z.string()),
});
export type ReferenceLists = z.infer<typeof ReferenceListsSchema>;
