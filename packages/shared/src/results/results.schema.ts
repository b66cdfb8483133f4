import { z } from 'zod';
import { MEDALS } from './results.rules.ts';

export const MedalSchema = z.enum(MEDALS);

/** Spec 3, Rubric score: GET /api/OrderItems/RubricScores/{id} answers a list of these. */
export const RubricScoreSchema = z.object({
  name: z.string(),
  value: z.number().int(),
  maxValue: z.number().int(),
});
export type RubricScore = z.infer<typeof RubricScoreSchema>;
export const RubricScoresSchema = z.array(RubricScoreSchema);

/** A certificate PDF of a published result (one per group participant for a group entry). */
const CertificateLinkSchema = z.object({ label: z.string(), url: z.string() });

/**
 * GET /api/OrderItems/{id}/Result: everything the Results modal shows. Before the entry's
 * results are published, scores is empty and the rest null.
 */
export const EntryResultSchema = z.object({
  orderItemId: z.number().int(),
  itemCode: z.string(),
  scores: z.array(RubricScoreSchema),
  total: z.number().int().nullable(),
  medal: MedalSchema.nullable(),
  comment: z.string().nullable(),
  certificates: z.array(CertificateLinkSchema),
});
export type EntryResult = z.infer<typeof EntryResultSchema>;
