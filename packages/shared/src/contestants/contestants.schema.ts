import { z } from 'zod';
import { IdSchema, UuidSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { GENDERS } from '../reference/people.ts';
import { MARKING_STATES } from '../uploads/finalising.rules.ts';

const field = (max: number) => text().trim().max(max);

export const GroupParticipantSchema = z.object({
  firstName: z.string(),
  surname: z.string(),
  school: z.string(),
  gender: z.string(),
  grade: z.string(),
});

/** An item a contestant has entered, as the contestant cards show it (spec 2). */
const ProfileOrderItemSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  itemCode: z.string(),
  itemShortDescription: z.string(),
  itemDescription: z.string(),
  isGroupItem: z.boolean(),
  instruments: z.string(),
  groupParticipants: z.array(GroupParticipantSchema),
  /**
   * Where the entry stands on its way to the adjudicators (decision 043), shown on the card.
   * Optional: a previous release's server does not send it during an upgrade.
   */
  markingState: z.enum(MARKING_STATES).optional(),
});
export type ProfileOrderItem = z.infer<typeof ProfileOrderItemSchema>;

/** Spec 3, Participant profile (a contestant), as the server returns it. */
export const ParticipantProfileSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  school: z.string(),
  grade: z.string(),
  gender: z.enum(GENDERS).nullable(),
  /** A short-lived link to a browser-viewable picture; null without one. */
  profileImageLink: z.string().nullable(),
  /** Set when a picture exists that browsers cannot show (a PDF, PowerPoint or Photoshop file). */
  profilePictureName: z.string().nullable(),
  orderItems: z.array(ProfileOrderItemSchema),
});
export type ParticipantProfile = z.infer<typeof ParticipantProfileSchema>;

const profileFields = {
  firstName: field(100),
  surname: field(100),
  email: field(254).nullish(),
  mobileNumber: field(20).nullish(),
  school: field(200),
  grade: field(2),
  gender: z.enum(GENDERS).nullish(),
  /** The `name` an upload answered with (the picture's id); attaches it to the contestant. */
  profilePicture: UuidSchema.nullish(),
};

/**
 * POST /api/Customers/{id}/participant-profile. The spec checks the two consents only in the
 * browser; the server requires them too and records when they were given.
 */
export const CreateParticipantProfileSchema = z.object({
  customerId: IdSchema.optional(),
  ...profileFields,
  acceptedTermsAndConditions: z.boolean().default(false),
  acceptedHonourPledge: z.boolean().default(false),
});
export type CreateParticipantProfile = z.infer<typeof CreateParticipantProfileSchema>;

/** PUT /api/Customers/{id}/participant-profile: the whole profile, with its id. */
export const UpdateParticipantProfileSchema = z.object({
  id: IdSchema,
  customerId: IdSchema.optional(),
  ...profileFields,
});
export type UpdateParticipantProfile = z.infer<typeof UpdateParticipantProfileSchema>;

export const ProfileParamsSchema = z.object({
  id: IdSchema,
  participantProfileId: IdSchema,
});

/** Spec 3, Upload response: name 'File exists' signals a duplicate. */
export const UploadResponseSchema = z.object({
  name: z.string(),
  fileUrl: z.string(),
  orderItemUploadId: z.number().int().optional(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;
