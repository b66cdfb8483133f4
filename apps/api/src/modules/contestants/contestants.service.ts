import {
  CONTESTANT_TEXT,
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

type EnteredItem = Awaited<ReturnType<typeof repo.findEnteredItems>>[number];
type GroupParticipant = Awaited<ReturnType<typeof repo.findGroupParticipants>>[number];

/** Another account's contestant, or none: the same 404 either way. */
export const profileNotFound = (id: number) =>
  notFound('PROFILE_NOT_FOUND', CONTESTANT_TEXT.say('noContestant', { id: String(id) }));

/** What the contestants' operations share, built once by createContestantsService. */
interface ContestantsDeps {
  db: Database;
  pictures: PicturesService;
  now: () => number;
  schools: ReturnType<typeof createSchoolNames>;
}

/** The listed schools, read again at most once a minute. */
function createSchoolNames(db: Database, now: () => number) {
  let schoolCache: { names: string[]; at: number } | undefined;
  return {
    async names() {
      if (!schoolCache || now() - schoolCache.at > 60_000) {
        schoolCache = { names: await repo.findSchoolNames(db), at: now() };
      }
      return schoolCache.names;
    },
    forget() {
      schoolCache = undefined;
    },
  };
}

async function check(
  deps: ContestantsDeps,
  input: {
    acceptedTerms: boolean;
    acceptedHonourPledge: boolean;
    firstName: string;
    surname: string;
    school: string;
    grade: string;
  },
) {
  const problem = contestantProblem(input, await deps.schools.names());
  if (problem) throw badRequest('VALIDATION_ERROR', problem);
}

const valuesOf = (p: CreateParticipantProfile | UpdateParticipantProfile): repo.ProfileValues => ({
  firstName: p.firstName,
  surname: p.surname,
  email: p.email || null,
  mobileNumber: p.mobileNumber || null,
  school: p.school,
  grade: p.grade,
  gender: p.gender ?? null,
});

/** An entered item as the family's contestant list shows it. */
function shownEntry(entry: EnteredItem, members: GroupParticipant[], at: Date) {
  const { participantProfileId: _p, orderStatus, dueDate, timeZone, ...rest } = entry;
  const { isSubmittedForMarking, ...shown } = rest;
  return {
    ...shown,
    markingState: markingState({
      isPaid: orderStatus === 'paid',
      isCancelled: false, // withdrawn entries are not listed
      isSubmittedForMarking,
      deadlinePassed: hasPassedUploadDeadline(dueDate, at, timeZone),
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
}

async function toResponse(
  deps: ContestantsDeps,
  rows: repo.ProfileRow[],
): Promise<ParticipantProfile[]> {
  const entered = await repo.findEnteredItems(
    deps.db,
    rows.map((r) => r.id),
  );
  const members = await repo.findGroupParticipants(
    deps.db,
    entered.map((e) => e.id),
  );
  return Promise.all(
    rows.map(async (row) => {
      const picture = await deps.pictures.pictureOf(row.id);
      const link = picture ? deps.pictures.linkFor(picture) : null;
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
          .map((entry) => shownEntry(entry, members, new Date(deps.now()))),
      };
    }),
  );
}

async function listContestants(
  deps: ContestantsDeps,
  customerId: number,
): Promise<ParticipantProfile[]> {
  return toResponse(deps, await repo.findProfiles(deps.db, customerId));
}

async function createContestant(
  deps: ContestantsDeps,
  customerId: number,
  input: CreateParticipantProfile,
): Promise<ParticipantProfile> {
  await check(deps, {
    ...input,
    acceptedTerms: input.acceptedTermsAndConditions,
    acceptedHonourPledge: input.acceptedHonourPledge,
  });
  // A picture that is not the customer's is refused before anything is created.
  if (input.profilePicture)
    await deps.pictures.requireUsablePicture(customerId, input.profilePicture);
  const at = new Date(deps.now());
  const row = await repo.insertProfile(deps.db, {
    ...valuesOf(input),
    customerId,
    acceptedTermsAt: at,
    acceptedHonourPledgeAt: at,
  });
  if (input.profilePicture)
    await deps.pictures.attachPicture(customerId, input.profilePicture, row.id);
  await audit(deps.db, {
    actorCustomerId: customerId,
    action: 'contestant.created',
    entityType: 'participant_profile',
    entityId: row.id,
  });
  const [created] = await toResponse(deps, [row]);
  return created!;
}

async function updateContestant(
  deps: ContestantsDeps,
  customerId: number,
  input: UpdateParticipantProfile,
): Promise<ParticipantProfile> {
  // Consent was given when the contestant was created; editing does not ask again.
  await check(deps, { ...input, acceptedTerms: true, acceptedHonourPledge: true });
  const row = await repo.updateProfile(deps.db, customerId, input.id, valuesOf(input));
  if (!row) throw profileNotFound(input.id);
  if (input.profilePicture)
    await deps.pictures.attachPicture(customerId, input.profilePicture, row.id);
  await audit(deps.db, {
    actorCustomerId: customerId,
    action: 'contestant.updated',
    entityType: 'participant_profile',
    entityId: row.id,
  });
  const [updated] = await toResponse(deps, [row]);
  return updated!;
}

/** Spec 5: a contestant with entered items cannot be deleted. */
async function deleteContestant(
  deps: ContestantsDeps,
  customerId: number,
  profileId: number,
): Promise<void> {
  const row = await repo.findProfile(deps.db, customerId, profileId);
  if (!row) throw profileNotFound(profileId);
  if ((await repo.countEnteredItems(deps.db, profileId)) > 0) {
    throw new AppError(409, 'PROFILE_HAS_ITEMS', CONTESTANT_TEXT.say('hasItems'));
  }
  const pictureFiles = await deps.pictures.picturesOf(profileId);
  try {
    await repo.deleteProfile(deps.db, customerId, profileId);
  } catch (err) {
    // An item entered for the contestant at this very moment keeps it (foreign key).
    if (isForeignKeyViolation(err))
      throw new AppError(409, 'PROFILE_HAS_ITEMS', CONTESTANT_TEXT.say('hasItems'));
    throw err;
  }
  await deps.pictures.removePictures(pictureFiles);
  await audit(deps.db, {
    actorCustomerId: customerId,
    action: 'contestant.deleted',
    entityType: 'participant_profile',
    entityId: profileId,
  });
}

/** The contestant when it is the customer's; 404 otherwise. */
async function requireOwnContestant(
  deps: ContestantsDeps,
  customerId: number,
  profileId: number,
): Promise<repo.ProfileRow> {
  const row = await repo.findProfile(deps.db, customerId, profileId);
  if (!row) throw profileNotFound(profileId);
  return row;
}

/** Contestants (spec 2 and 5: participant profiles) of one customer. */
export function createContestantsService(
  db: Database,
  pictures: PicturesService,
  now: () => number,
) {
  const deps: ContestantsDeps = { db, pictures, now, schools: createSchoolNames(db, now) };
  return {
    /** The list of schools changed (an organiser, maybe on another instance): read it again. */
    forgetSchools() {
      deps.schools.forget();
    },

    /**
     * The edit screen's checks of a contestant's details (names, a listed school, a grade): the
     * family desk's corrections pass the same ones (decision 021). Consent is not asked again.
     */
    checkDetails: (input: { firstName: string; surname: string; school: string; grade: string }) =>
      check(deps, { ...input, acceptedTerms: true, acceptedHonourPledge: true }),

    listContestants: (customerId: number) => listContestants(deps, customerId),
    createContestant: (customerId: number, input: CreateParticipantProfile) =>
      createContestant(deps, customerId, input),
    updateContestant: (customerId: number, input: UpdateParticipantProfile) =>
      updateContestant(deps, customerId, input),
    deleteContestant: (customerId: number, profileId: number) =>
      deleteContestant(deps, customerId, profileId),
    requireOwnContestant: (customerId: number, profileId: number) =>
      requireOwnContestant(deps, customerId, profileId),
  };
}
