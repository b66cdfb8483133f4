import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { GRADE_VALUES } from '../reference/people.ts';
import { SECTIONS } from '../reference/sections.ts';
import { MARKING_STATES } from '../uploads/finalising.rules.ts';
import { RubricScoreSchema, MedalSchema } from './results.schema.ts';
import {
  gradeBandProblems,
  RELEASE_PROBLEMS,
  RELEASE_TIME_PATTERN,
  WINNER_COMBINATIONS,
  WINNER_TIE_RULES,
} from './results-day.rules.ts';

/** Results day (issue 20, decision 026): section winners, the gala release, the gala page. */

const SectionSchema = z.enum(SECTIONS);
const GradeSchema = z.enum(GRADE_VALUES);
const isoInstant = z.iso.datetime({ offset: true });

export const ResultsDayEventParamsSchema = z.object({ id: IdSchema });

// ---- The winners rule ----------------------------------------------------------------------

export const GradeBandSchema = z.object({
  name: text().trim().min(1, 'Please name the band.').max(40),
  fromGrade: GradeSchema,
  toGrade: GradeSchema,
});

/** PUT body and GET answer: the event's rule (results-day.rules.ts explains each field). */
export const WinnersRuleSchema = z
  .object({
    minimumEntries: z.number().int().min(1).max(20),
    combine: z.enum(WINNER_COMBINATIONS),
    countBest: z.number().int().min(1).max(20),
    minimumAverage: z.number().int().min(0).max(100),
    ties: z.enum(WINNER_TIE_RULES),
    gradeBands: z.array(GradeBandSchema).min(1, 'Please keep at least one grade band.').max(13),
  })
  .superRefine((rule, ctx) => {
    for (const message of gradeBandProblems(rule.gradeBands))
      ctx.addIssue({ code: 'custom', path: ['gradeBands'], message });
  });

export const WinnersRuleSettingsSchema = z.object({
  rule: WinnersRuleSchema,
  /** True while the organisers have not saved a rule (the default one is shown). */
  isDefault: z.boolean(),
  updatedAt: isoInstant.nullable(),
});
export type WinnersRuleSettings = z.infer<typeof WinnersRuleSettingsSchema>;

// ---- Preview and confirmation --------------------------------------------------------------

export const IneligibleReasonSchema = z.enum(['TOO_FEW_ENTRIES', 'BELOW_MINIMUM']);

/** One contestant in a band's ranking (organisers see names: they are not blind). */
export const WinnerCandidateLineSchema = z.object({
  contestantId: z.number().int(),
  contestant: z.string(),
  school: z.string(),
  grade: z.string(),
  /** Their marked individual entries in the section. */
  entries: z.number().int(),
  countedMarks: z.array(z.number().int()),
  score: z.number(),
  eligible: z.boolean(),
  reason: IneligibleReasonSchema.nullable(),
  isWinner: z.boolean(),
});
export type WinnerCandidateLine = z.infer<typeof WinnerCandidateLineSchema>;

export const WinnersBandSchema = z.object({
  section: SectionSchema,
  band: GradeBandSchema,
  /** "Senior (Grades 7-9)". */
  bandLabel: z.string(),
  /** The band's top ten (eligible first) and every winner, ranked. */
  candidates: z.array(WinnerCandidateLineSchema),
});

export const WinnersPreviewSchema = z.object({
  rule: WinnersRuleSchema,
  /** Send it back to confirm: a different answer means the marks or rule changed (409). */
  previewToken: z.string(),
  bands: z.array(WinnersBandSchema),
  /** Marks submitted but not yet published: they count here, and publish at the release. */
  unpublishedMarks: z.number().int(),
  /** The winners confirmed last, and whether they are still what the preview shows. */
  confirmedAt: isoInstant.nullable(),
  confirmedMatchesPreview: z.boolean(),
});
export type WinnersPreview = z.infer<typeof WinnersPreviewSchema>;

export const ConfirmWinnersSchema = z.object({ previewToken: text().trim().min(1).max(128) });

/** A certificate as the owner (or an organiser) gets it: a signed PDF and its public check. */
export const CertificateShareSchema = z.object({
  label: z.string(),
  /** The PDF, through a signed link (an hour). */
  url: z.string(),
  verificationCode: z.string(),
  /** The public verification page (what the QR code opens): the "share" link. */
  verificationUrl: z.string(),
});
export type CertificateShare = z.infer<typeof CertificateShareSchema>;

export const ConfirmedWinnerSchema = z.object({
  id: z.number().int(),
  section: SectionSchema,
  bandLabel: z.string(),
  contestantId: z.number().int(),
  contestant: z.string(),
  school: z.string(),
  grade: z.string(),
  score: z.number(),
  entries: z.number().int(),
  /** Null until it is made (it is made on confirmation). */
  certificate: CertificateShareSchema.nullable(),
});

export const ConfirmedWinnersSchema = z.object({
  confirmedAt: isoInstant.nullable(),
  winners: z.array(ConfirmedWinnerSchema),
});
export type ConfirmedWinners = z.infer<typeof ConfirmedWinnersSchema>;

// ---- Publication on the gala date ----------------------------------------------------------

export const ResultsReleaseSchema = z.object({
  timeZone: z.string(),
  /** The event's gala date (its settings' galaAwards), in the event's time zone. */
  galaDate: z.iso.date(),
  /** The time of day the results go out on the gala date; null: not scheduled (by hand only). */
  releaseTime: z.string().nullable(),
  /** The gala date at releaseTime in the event's time zone, as an instant. */
  releaseAt: isoInstant.nullable(),
  /** When the results went out (by the scheduled job or by hand); null before. */
  releasedAt: isoInstant.nullable(),
  /** Marks submitted and not yet published: what the release will publish. */
  unpublishedMarks: z.number().int(),
  /** The server's clock now (moved by the test clock in journeys). */
  now: isoInstant,
  /**
   * True when confirmed winners no longer match what the marks and the rule give (a mark
   * reopened or changed, an entry withdrawn, marks published later): they are not announced
   * until confirmed again. Optional for older servers.
   */
  winnersNeedConfirming: z.boolean().optional(),
  /**
   * Until when the release may be withdrawn (RELEASE_WITHDRAW_MINUTES after it); null when it
   * cannot be (not released, or too long ago). Optional for older servers.
   */
  withdrawableUntil: isoInstant.nullable().optional(),
});
export type ResultsRelease = z.infer<typeof ResultsReleaseSchema>;

export const ScheduleReleaseSchema = z.object({
  releaseTime: text().regex(RELEASE_TIME_PATTERN, 'Please enter a time such as 18:00.').nullable(),
});

/** Something the release would go ahead without, named for the organiser to acknowledge. */
export const ReleaseProblemSchema = z.object({
  code: z.enum(RELEASE_PROBLEMS),
  message: z.string(),
});
export type ReleaseProblem = z.infer<typeof ReleaseProblemSchema>;

/**
 * POST …/Release/Now: the problems the organiser was shown and releases anyway. Each problem
 * there is at the time must be in the list, or the answer is 409 RELEASE_NEEDS_ACKNOWLEDGEMENT
 * naming it (decision 033). No body: nothing acknowledged.
 */
export const ReleaseNowSchema = z.object({
  acknowledge: z.array(z.enum(RELEASE_PROBLEMS)).max(RELEASE_PROBLEMS.length),
});

export const ReleaseOutcomeSchema = z.object({
  published: z.number().int(),
  certificates: z.number().int(),
  familiesNotified: z.number().int(),
  releasedAt: isoInstant,
});
export type ReleaseOutcome = z.infer<typeof ReleaseOutcomeSchema>;

// ---- The public gala page ------------------------------------------------------------------

export const MedalCountsSchema = z.object({
  DIPLOMA: z.number().int(),
  GOLD: z.number().int(),
  SILVER: z.number().int(),
  BRONZE: z.number().int(),
  MERIT: z.number().int(),
});

export const GalaWinnerSchema = z.object({
  section: SectionSchema,
  bandLabel: z.string(),
  /** First name and the surname's initial ("Thandi M."), never school or grade. */
  name: z.string(),
  score: z.number(),
});

export const ShowcaseItemSchema = z.object({
  section: SectionSchema,
  bandLabel: z.string(),
  name: z.string(),
  itemCode: z.string(),
  itemTitle: z.string(),
  kind: z.enum(['video', 'audio', 'image', 'document']),
  /**
   * Where it plays or opens: our own signed link (a player page for recordings, the file for
   * artworks) or Bunny's embed page; `embed` says it is a page for an iframe.
   */
  url: z.string(),
  embed: z.boolean(),
  posterUrl: z.string().nullable(),
  medal: MedalSchema,
});
export type ShowcaseItem = z.infer<typeof ShowcaseItemSchema>;

export const GalaSchema = z.object({
  eventName: z.string(),
  year: z.number().int(),
  timeZone: z.string(),
  galaDate: z.iso.date(),
  /** When the results are released (null: not scheduled yet). */
  releaseAt: isoInstant.nullable(),
  released: z.boolean(),
  /** Empty before the release. */
  sections: z.array(
    z.object({ section: SectionSchema, entries: z.number().int(), medals: MedalCountsSchema }),
  ),
  winners: z.array(GalaWinnerSchema),
  /** Winners' entries whose families accepted the terms (publication consent, spec 9). */
  showcase: z.array(ShowcaseItemSchema),
});
export type Gala = z.infer<typeof GalaSchema>;

/**
 * GET …/Release/Preview: exactly what the release makes public, as the gala page will show it
 * (decision 033): each section's medal counts, the Section Winners by name ("Name withheld"
 * without consent), the showcase's entries; who is told (the marks not yet published, their
 * contestants and families); and what is missing, to be acknowledged.
 */
export const ReleasePreviewSchema = z.object({
  sections: GalaSchema.shape.sections,
  winners: z.array(GalaWinnerSchema),
  showcase: z.array(
    ShowcaseItemSchema.pick({
      section: true,
      bandLabel: true,
      name: true,
      itemCode: true,
      itemTitle: true,
      kind: true,
    }),
  ),
  told: z.object({
    marks: z.number().int(),
    contestants: z.number().int(),
    families: z.number().int(),
    byEmail: z.number().int(),
    byWhatsApp: z.number().int(),
  }),
  problems: z.array(ReleaseProblemSchema),
});
export type ReleasePreview = z.infer<typeof ReleasePreviewSchema>;

// ---- A family's results page ---------------------------------------------------------------

export const ContestantResultsParamsSchema = z.object({ id: IdSchema });

export const ContestantEntryResultSchema = z.object({
  orderItemId: z.number().int(),
  itemCode: z.string(),
  itemTitle: z.string(),
  section: SectionSchema,
  categoryName: z.string(),
  /** False until the entry's result is published: the rest is then empty or null. */
  published: z.boolean(),
  scores: z.array(RubricScoreSchema),
  total: z.number().int().nullable(),
  medal: MedalSchema.nullable(),
  comment: z.string().nullable(),
  certificates: z.array(CertificateShareSchema),
  /**
   * Whether the entry went to the adjudicators (decision 043): an entry never finalised has no
   * result to wait for. Optional: a previous release's server does not send it.
   */
  markingState: z.enum(MARKING_STATES).optional(),
});
export type ContestantEntryResult = z.infer<typeof ContestantEntryResultSchema>;

export const ContestantResultsSchema = z.object({
  contestantId: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  eventName: z.string(),
  /** When the results are (or were) released; null when not scheduled. */
  releaseAt: isoInstant.nullable(),
  released: z.boolean(),
  entries: z.array(ContestantEntryResultSchema),
  /** Section Winner titles, once released. */
  titles: z.array(
    z.object({
      section: SectionSchema,
      bandLabel: z.string(),
      score: z.number(),
      certificate: CertificateShareSchema.nullable(),
    }),
  ),
});
export type ContestantResults = z.infer<typeof ContestantResultsSchema>;

// ---- The test clock (NODE_ENV=test only) ---------------------------------------------------

export const DevClockSchema = z.object({ now: isoInstant });
export const SetDevClockSchema = z.object({
  now: text().refine((v) => isoInstant.safeParse(v).success, 'Please give an ISO date and time'),
});
