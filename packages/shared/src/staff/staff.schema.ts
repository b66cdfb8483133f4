import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { SectionSchema } from '../catalogue/catalogue.schema.ts';
import { MedalSchema, RubricScoreSchema } from '../results/results.schema.ts';
import { PROCESSING_STATES } from '../uploads/media-processing.ts';
import { RUBRIC_TOTAL, STAFF_ROLES } from './staff.rules.ts';

const StaffRoleSchema = z.enum(STAFF_ROLES);

/** GET /api/Staff/Me: who the signed-in member of staff is (404 for a family). */
export const StaffMeSchema = z.object({
  customerId: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  role: StaffRoleSchema,
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

/** A section's marking rubric, as the event's data gives it: maxima total 100. */
const RubricCriterionSchema = z.object({
  name: z.string().trim().min(1).max(80),
  maxValue: z.number().int().min(1).max(100),
});
export const SectionRubricSchema = z
  .array(RubricCriterionSchema)
  .min(1)
  .refine((c) => c.reduce((sum, x) => sum + x.maxValue, 0) === RUBRIC_TOTAL, {
    message: `The criteria's maxima must total ${RUBRIC_TOTAL}`,
  })
  .refine((c) => new Set(c.map((x) => x.name)).size === c.length, {
    message: 'Criteria names must differ',
  });
/** apps/api/data/demo/rubrics.json: one rubric per section. */
export const RubricsFileSchema = z.record(SectionSchema, SectionRubricSchema);

// ---- Organisers: adjudicators, assignments -------------------------------------------------

export const AssignmentSchema = z.object({
  id: z.number().int(),
  section: SectionSchema.nullable(),
  categoryId: z.number().int().nullable(),
  /** The section, or 'Category name (Section)'. */
  label: z.string(),
});
export type Assignment = z.infer<typeof AssignmentSchema>;

/**
 * A declared conflict of interest. A teacher's is recorded by an organiser (issue 35, decision
 * 068); its id is its own table's, so a list keys it by kind and id.
 */
export const ConflictSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['school', 'contestant', 'teacher']),
  label: z.string(),
});
export type Conflict = z.infer<typeof ConflictSchema>;

const MarkingProgressSchema = z.object({
  /** Finalised entries the adjudicator may mark (assigned, no conflict). */
  assigned: z.number().int(),
  drafts: z.number().int(),
  submitted: z.number().int(),
});

export const AdjudicatorSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  assignments: z.array(AssignmentSchema),
  conflicts: z.array(ConflictSchema),
  progress: MarkingProgressSchema,
});
export type Adjudicator = z.infer<typeof AdjudicatorSchema>;
export const AdjudicatorsSchema = z.array(AdjudicatorSchema);

const personName = text().trim().min(1, 'Please enter a name').max(100);
/** POST /api/Staff/Adjudicators: invite an adjudicator (an account is made; they are emailed). */
export const InviteAdjudicatorSchema = z.object({
  firstName: personName,
  surname: personName,
  email: z.email('Please enter a valid email address').max(254),
});
export type InviteAdjudicator = z.infer<typeof InviteAdjudicatorSchema>;

/** POST /api/Staff/Adjudicators/{id}/Assignments: a section or a category, not both. */
export const CreateAssignmentSchema = z
  .object({ section: SectionSchema.optional(), categoryId: IdSchema.optional() })
  .refine((a) => (a.section === undefined) !== (a.categoryId === undefined), {
    message: 'Choose a section or a category',
    path: ['section'],
  });
export type CreateAssignment = z.infer<typeof CreateAssignmentSchema>;

export const AdjudicatorParamsSchema = z.object({ id: IdSchema });
export const AssignmentParamsSchema = z.object({ id: IdSchema, assignmentId: IdSchema });

/** POST /api/Staff/Conflicts: an adjudicator declares a school or a contestant (by name). */
export const DeclareConflictSchema = z.object({
  kind: z.enum(['school', 'contestant']),
  name: text().trim().min(2, 'Please enter a name').max(200),
});
export type DeclareConflict = z.infer<typeof DeclareConflictSchema>;

/**
 * POST /api/Staff/Adjudicators/{id}/Conflicts: an organiser records that an adjudicator has a
 * conflict with a teacher (the account that teaches, as organisers see it on Teachers).
 */
export const RecordTeacherConflictSchema = z.strictObject({ teacherId: IdSchema });
export type RecordTeacherConflict = z.infer<typeof RecordTeacherConflictSchema>;

// ---- Adjudicators: marking --------------------------------------------------------------------

const MarkStatusSchema = z.enum(['unmarked', 'draft', 'submitted', 'published']);
export type MarkStatus = z.infer<typeof MarkStatusSchema>;

/** An entry as an adjudicator sees it: blind, no contestant, school or file names. */
const MarkingEntrySummarySchema = z.object({
  orderItemId: z.number().int(),
  /** 'E{orderItemId}', the only handle an adjudicator has on an entry. */
  entryCode: z.string(),
  itemCode: z.string(),
  itemTitle: z.string(),
  categoryName: z.string(),
  section: SectionSchema,
  isGroupItem: z.boolean(),
  status: MarkStatusSchema,
  total: z.number().int().nullable(),
});
export type MarkingEntrySummary = z.infer<typeof MarkingEntrySummarySchema>;
export const MarkingListSchema = z.array(MarkingEntrySummarySchema);

const MarkingFileSchema = z.object({
  uploadId: z.number().int(),
  /** 'Main file 1 (.mp4)': never the stored name, which embeds the contestant's. */
  label: z.string(),
  uploadType: z.union([z.literal(2), z.literal(3)]),
  isVideo: z.boolean(),
  /** A signed link to the file (an hour). */
  url: z.string(),
  /** For videos, a signed link to a player page. */
  playerUrl: z.string().nullable(),
  /** A frame of the video to show before it plays. */
  posterUrl: z.string().nullable(),
  /** Whether the copy adjudicators get is ready (decision 025); the links serve only then. */
  processing: z.enum(PROCESSING_STATES),
  durationSeconds: z.number().nullable(),
});

const MarkSchema = z.object({
  status: z.enum(['draft', 'submitted']),
  comment: z.string(),
  scores: z.array(RubricScoreSchema),
  total: z.number().int(),
  submittedAt: z.iso.datetime().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  /**
   * Until when its adjudicator may still change a submitted mark (decision 058): null for a
   * draft, and once the mark has locked or been published.
   */
  changeableUntil: z.iso.datetime().nullable(),
});
export type Mark = z.infer<typeof MarkSchema>;

export const MarkingEntrySchema = MarkingEntrySummarySchema.extend({
  itemDescription: z.string(),
  instruments: z.string(),
  groupSize: z.number().int(),
  files: z.array(MarkingFileSchema),
  rubric: z.array(RubricCriterionSchema),
  mark: MarkSchema.nullable(),
});
export type MarkingEntry = z.infer<typeof MarkingEntrySchema>;

export const StaffEntryParamsSchema = z.object({ orderItemId: IdSchema });

/** PUT /api/Staff/Marking/{orderItemId}: save a draft, or submit (every criterion scored). */
export const SaveMarkSchema = z.object({
  scores: z.array(z.object({ name: text().min(1).max(80), value: z.number().int() })).max(20),
  comment: text().max(4000).default(''),
  submit: z.boolean().default(false),
});
export type SaveMark = z.infer<typeof SaveMarkSchema>;

/** GET /api/Staff/BucketLink: a signed link to a file of an entry the adjudicator may mark. */
export const StaffBucketLinkQuerySchema = z.object({ orderItemId: IdSchema, uploadId: IdSchema });

// ---- Organisers: results ------------------------------------------------------------------

const ResultRowSchema = z.object({
  orderItemId: z.number().int(),
  entryCode: z.string(),
  itemCode: z.string(),
  itemTitle: z.string(),
  contestant: z.string(),
  school: z.string(),
  adjudicator: z.string().nullable(),
  status: MarkStatusSchema,
  total: z.number().int().nullable(),
  medal: MedalSchema.nullable(),
  certificates: z.number().int(),
});

const CategoryResultsSchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  section: SectionSchema,
  entries: z.array(ResultRowSchema),
});
export type CategoryResults = z.infer<typeof CategoryResultsSchema>;
export const ResultsReviewSchema = z.array(CategoryResultsSchema);
export const ResultsQuerySchema = z.object({ section: SectionSchema.optional() });

/** POST /api/Staff/Results/Publish: a section's submitted marks, or every section's. */
export const PublishResultsSchema = z.object({ section: SectionSchema.optional() });
export const PublishOutcomeSchema = z.object({
  published: z.number().int(),
  certificates: z.number().int(),
  familiesNotified: z.number().int(),
});
export type PublishOutcome = z.infer<typeof PublishOutcomeSchema>;

/**
 * GET /api/Staff/Results/Publish/Preview: who a publication tells, before it is made (decision
 * 033): the submitted, unpublished marks of the section (or of all), their contestants and
 * families, and how many families are written to by email and by WhatsApp.
 */
export const PublishPreviewSchema = z.object({
  marks: z.number().int(),
  contestants: z.number().int(),
  families: z.number().int(),
  byEmail: z.number().int(),
  byWhatsApp: z.number().int(),
});
export type PublishPreview = z.infer<typeof PublishPreviewSchema>;

export const RegeneratedCertificatesSchema = z.object({ certificates: z.number().int() });

// ---- Organisers: overview -----------------------------------------------------------------

export const OverviewSchema = z.object({
  sections: z.array(
    z.object({
      section: SectionSchema,
      /** Paid, not withdrawn. */
      entries: z.number().int(),
      finalised: z.number().int(),
      withdrawn: z.number().int(),
      marked: z.number().int(),
      published: z.number().int(),
    }),
  ),
  payments: z.object({
    paidOrders: z.number().int(),
    awaitingPayment: z.number().int(),
    /** Credited payments, in cents. */
    receivedCents: z.number().int(),
  }),
  adjudicators: z.array(
    z.object({ id: z.number().int(), name: z.string(), progress: MarkingProgressSchema }),
  ),
});
export type Overview = z.infer<typeof OverviewSchema>;

/** Background work (certificates, messages, sweeps): per queue, and the jobs that gave up. */
export const JobsReportSchema = z.object({
  queues: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      waiting: z.number().int(),
      running: z.number().int(),
      done: z.number().int(),
      failed: z.number().int(),
      /** A check run on a schedule, whose runs are routine (optional for older servers). */
      scheduled: z.boolean().optional(),
    }),
  ),
  failures: z.array(
    z.object({
      id: z.string(),
      queue: z.string(),
      label: z.string(),
      failedAt: z.string(),
      attempts: z.number().int(),
      error: z.string(),
    }),
  ),
  /**
   * Entry files an outage holds back from processing (decision 038): they wait for it without
   * spending their attempts, and are processed once it is over. Empty when none are.
   */
  heldBack: z.array(
    z.object({
      heldBy: z.enum(['storage', 'video-host']),
      files: z.number().int(),
      /** When the longest-waiting of them arrived. */
      oldest: z.iso.datetime(),
    }),
  ),
});
export type JobsReport = z.infer<typeof JobsReportSchema>;

// ---- Public: certificate verification -------------------------------------------------------

export const CertificateVerificationSchema = z.object({
  valid: z.literal(true),
  contestant: z.string(),
  school: z.string(),
  itemCode: z.string(),
  itemTitle: z.string(),
  total: z.number().int(),
  medal: MedalSchema,
  eventName: z.string(),
  issuedAt: z.iso.datetime(),
  /**
   * A Section Winner certificate's title ("Section Winner: Music, Senior (Grades 7-9)"); then
   * itemCode is the section, itemTitle the band and total the rounded score (decision 026).
   * Absent or null for an entry's certificate.
   */
  award: z.string().nullable().optional(),
});
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;
export const VerificationCodeParamsSchema = z.object({
  code: text().trim().max(40),
});
