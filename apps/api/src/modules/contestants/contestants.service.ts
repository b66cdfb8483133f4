import {
  CONTESTANT_MESSAGES,
  contestantProblem,
  hasPassedUploadDeadline,
  markingState,
  type CreateParticipantProfile,
  type ParticipantProfile,
  type UpdateParticipantProfile,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { PicturesService } from '../pictures/index.ts';
import * as repo from './contestants.repository.ts';

export type ContestantsService = ReturnType<typeof createContestantsService>;

const profileNotFound = (id: number) =>
  notFound('PROFILE_NOT_FOUND', `There is no contestant with id ${id}`);

/** Contestants (spec 2 and 5: participant profiles) of one customer. */
export function createContestantsService(
  db: Database,
  pictures: PicturesService,
  now: () => number,
) {
  let schoolCache: { names: string[]; at: number } | undefined;
  async function schoolNames() {
    if (!schoolCache || now() - schoolCache.at > 60_000) {
      schoolCache = { names: await repo.findSchoolNames(db), at: now() };
    }
    return schoolCache.names;
  }

  async function check(input: {
    acceptedTerms: boolean;
    acceptedHonourPledge: boolean;
    firstName: string;
    surname: string;
    school: string;
    grade: string;
  }) {
    const problem = contestantProblem(input, await schoolNames());
    if (problem) throw badRequest('VALIDATION_ERROR', problem);
  }

  const values = (p: CreateParticipantProfile | UpdateParticipantProfile): repo.ProfileValues => ({
    firstName: p.firstName,
    surname: p.surname,
    email: p.email || null,
    mobileNumber: p.mobileNumber || null,
    school: p.school,
    grade: p.grade,
    gender: p.gender ?? null,
  });

  async function toResponse(rows: repo.ProfileRow[]): Promise<ParticipantProfile[]> {
    const entered = await repo.findEnteredItems(
      db,
      rows.map((r) => r.id),
    );
    const members = await repo.findGroupParticipants(
      db,
      entered.map((e) => e.id),
    );
    return Promise.all(
      rows.map(async (row) => {
        const picture = await pictures.pictureOf(row.id);
        const link = picture ? pictures.linkFor(picture) : null;
        return {
          id: row.id,
          customerId: row.customerId,
          firstName: row.firstName,
          surname: row.surname,
          email: row.email,
          mobileNumber: row.mobileNumber,
          school: row.school,
          grade: row.grade,
          gender: row.gender,
          profileImageLink: link,
          profilePictureName: picture && !link ? picture.originalName : null,
          orderItems: entered
            .filter((e) => e.participantProfileId === row.id)
            .map((entry) => {
              const { participantProfileId: _p, orderStatus, dueDate, timeZone, ...rest } = entry;
              const { isSubmittedForMarking, ...shown } = rest;
              return {
                ...shown,
                markingState: markingState({
                  isPaid: orderStatus === 'paid',
                  isCancelled: false, // withdrawn entries are not listed
                  isSubmittedForMarking,
                  deadlinePassed: hasPassedUploadDeadline(dueDate, new Date(now()), timeZone),
                }),
                groupParticipants: members
                  .filter((m) => m.orderItemId === entry.id)
                  .map(({ firstName, surname, school, gender, grade }) => ({
                    firstName,
                    surname,
                    school,
                    gender,
                    grade,
                  })),
              };
            }),
        };
      }),
    );
  }

  return {
    /** The list of schools changed (an organiser, maybe on another instance): read it again. */
    forgetSchools() {
      schoolCache = undefined;
    },

    /**
     * The edit screen's checks of a contestant's details (names, a listed school, a grade): the
     * family desk's corrections pass the same ones (decision 021). Consent is not asked again.
     */
    checkDetails: (input: { firstName: string; surname: string; school: string; grade: string }) =>
      check({ ...input, acceptedTerms: true, acceptedHonourPledge: true }),

    async listContestants(customerId: number): Promise<ParticipantProfile[]> {
      return toResponse(await repo.findProfiles(db, customerId));
    },

    async createContestant(
      customerId: number,
      input: CreateParticipantProfile,
    ): Promise<ParticipantProfile> {
      await check({
        ...input,
        acceptedTerms: input.acceptedTermsAndConditions,
        acceptedHonourPledge: input.acceptedHonourPledge,
      });
      // A picture that is not the customer's is refused before anything is created.
      if (input.profilePicture)
        await pictures.requireUsablePicture(customerId, input.profilePicture);
      const at = new Date(now());
      const row = await repo.insertProfile(db, {
        ...values(input),
        customerId,
        acceptedTermsAt: at,
        acceptedHonourPledgeAt: at,
      });
      if (input.profilePicture)
        await pictures.attachPicture(customerId, input.profilePicture, row.id);
      await audit(db, {
        actorCustomerId: customerId,
        action: 'contestant.created',
        entityType: 'participant_profile',
        entityId: row.id,
      });
      const [created] = await toResponse([row]);
      return created!;
    },

    async updateContestant(
      customerId: number,
      input: UpdateParticipantProfile,
    ): Promise<ParticipantProfile> {
      // Consent was given when the contestant was created; editing does not ask again.
      await check({ ...input, acceptedTerms: true, acceptedHonourPledge: true });
      const row = await repo.updateProfile(db, customerId, input.id, values(input));
      if (!row) throw profileNotFound(input.id);
      if (input.profilePicture)
        await pictures.attachPicture(customerId, input.profilePicture, row.id);
      await audit(db, {
        actorCustomerId: customerId,
        action: 'contestant.updated',
        entityType: 'participant_profile',
        entityId: row.id,
      });
      const [updated] = await toResponse([row]);
      return updated!;
    },

    /** Spec 5: a contestant with entered items cannot be deleted. */
    async deleteContestant(customerId: number, profileId: number): Promise<void> {
      const row = await repo.findProfile(db, customerId, profileId);
      if (!row) throw profileNotFound(profileId);
      if ((await repo.countEnteredItems(db, profileId)) > 0) {
        throw new AppError(409, 'PROFILE_HAS_ITEMS', CONTESTANT_MESSAGES.hasItems);
      }
      const pictureFiles = await pictures.picturesOf(profileId);
      try {
        await repo.deleteProfile(db, customerId, profileId);
      } catch (err) {
        // An item entered for the contestant at this very moment keeps it (foreign key).
        if (isForeignKeyViolation(err))
          throw new AppError(409, 'PROFILE_HAS_ITEMS', CONTESTANT_MESSAGES.hasItems);
        throw err;
      }
      await pictures.removePictures(pictureFiles);
      await audit(db, {
        actorCustomerId: customerId,
        action: 'contestant.deleted',
        entityType: 'participant_profile',
        entityId: profileId,
      });
    },

    /** The contestant when it is the customer's; 404 otherwise. */
    async requireOwnContestant(customerId: number, profileId: number): Promise<repo.ProfileRow> {
      const row = await repo.findProfile(db, customerId, profileId);
      if (!row) throw profileNotFound(profileId);
      return row;
    },
  };
}
