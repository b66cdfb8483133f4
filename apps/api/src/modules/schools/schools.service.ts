import {
  lookAlikesOf,
  OTHER_SCHOOL,
  type SchoolKind,
  type StaffMembership,
  type StaffSchool,
  type StaffSchoolPage,
  type UnlinkedSchoolName,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import * as repo from './schools.repository.ts';

const toStaffSchool = (row: repo.CountedSchoolRow): StaffSchool => ({
  ...row,
  fixed: row.name === OTHER_SCHOOL,
});

export interface SchoolsDependencies {
  db: Database;
  /** After a change: every instance's forms and checks read the new list. */
  announce: () => void;
  /** A school's teachers (the teachers module's face). */
  teachersOf: (db: Database, schoolId: number) => Promise<StaffMembership[]>;
}

type Work<T> = (tx: Database) => Promise<{ result: T; details: Record<string, unknown> }>;

/** Does `work` in turn with other changes to the list, in `tx`, and audits it. */
async function changeIn<T extends StaffSchool>(
  tx: Database,
  organiserId: number,
  action: string,
  work: Work<T>,
): Promise<T> {
  await repo.takeTurn(tx);
  await repo.linkConflicts(tx);
  const done = await work(tx);
  await repo.reorder(tx);
  await audit(tx, {
    actorCustomerId: organiserId,
    action,
    entityType: 'school',
    entityId: done.result.id,
    details: done.details,
  });
  return done.result;
}

/** A change in a transaction of its own; then every instance is told. */
async function change<T extends StaffSchool>(
  deps: SchoolsDependencies,
  organiserId: number,
  action: string,
  work: Work<T>,
): Promise<T> {
  const result = await deps.db.transaction((tx) => changeIn(tx, organiserId, action, work));
  deps.announce();
  return result;
}

/** Adds a school (or studio), linking the contestants who typed its name. */
function adding(name: string, kind: SchoolKind): Work<StaffSchool> {
  return async (tx) => {
    await assertNameFree(tx, name);
    const id = await repo.insertSchool(tx, name, kind);
    const linked = await repo.linkByName(tx, id, name);
    return {
      result: toStaffSchool(await requireSchool(tx, id)),
      details: { after: { name, kind }, linked },
    };
  };
}

async function requireSchool(tx: Database, id: number) {
  const row = await repo.findSchool(tx, id);
  if (!row) throw notFound('SCHOOL_NOT_FOUND', `There is no school with id ${id}`);
  return row;
}

async function assertNameFree(tx: Database, name: string, exceptId?: number) {
  const found = await repo.findByName(tx, name);
  if (found && found.id !== exceptId)
    throw new AppError(409, 'SCHOOL_EXISTS', `${name} is on the list already.`);
}

const fixed = () =>
  new AppError(409, 'SCHOOL_FIXED', `${OTHER_SCHOOL} stays on the list as it is.`);

/**
 * Organisers keep the schools every contestant form offers (issue 16): add, rename, merge a
 * duplicate into the school that stays. Contestants store their school's name, so a rename or a
 * merge rewrites theirs in the same transaction. Adjudicators' conflicts of interest hold the
 * school itself (issue 30): a merge moves them to the school that stays. 'Other School' stays
 * first and as it is.
 */
export function createSchoolsService(deps: SchoolsDependencies) {
  const { db } = deps;

  return {
    ...createSchoolRecords(deps),

    async list(): Promise<StaffSchool[]> {
      return (await repo.listSchools(db)).map(toStaffSchool);
    },

    async add(
      organiserId: number,
      name: string,
      kind: SchoolKind = 'school',
    ): Promise<StaffSchool> {
      return change(deps, organiserId, 'school.add', adding(name, kind));
    },

    /**
     * Adds a school inside the caller's transaction (an organiser approving a teacher for a
     * school the list did not have); the caller calls `announce` once it commits.
     */
    addIn(tx: Database, organiserId: number, name: string, kind: SchoolKind): Promise<StaffSchool> {
      return changeIn(tx, organiserId, 'school.add', adding(name, kind));
    },

    announce: () => deps.announce(),

    async rename(
      organiserId: number,
      id: number,
      name: string,
      kind?: SchoolKind,
    ): Promise<StaffSchool> {
      return change(deps, organiserId, 'school.rename', async (tx) => {
        const before = await requireSchool(tx, id);
        if (before.name === OTHER_SCHOOL || name === OTHER_SCHOOL) throw fixed();
        await assertNameFree(tx, name, id);
        await repo.renameSchool(tx, before.name, name, id, kind);
        const linked = await repo.linkByName(tx, id, name);
        return {
          result: toStaffSchool(await requireSchool(tx, id)),
          details: {
            before: { name: before.name, kind: before.kind },
            after: { name, kind: kind ?? before.kind },
            contestants: before.contestants,
            linked,
          },
        };
      });
    },

    async merge(organiserId: number, id: number, intoId: number): Promise<StaffSchool> {
      if (id === intoId)
        throw badRequest('VALIDATION_ERROR', 'Choose another school to merge into.');
      return change(deps, organiserId, 'school.merge', async (tx) => {
        const duplicate = await requireSchool(tx, id);
        const kept = await requireSchool(tx, intoId);
        if (duplicate.name === OTHER_SCHOOL) throw fixed();
        await repo.moveContestants(tx, duplicate.name, kept.name);
        await repo.moveConflicts(tx, id, intoId);
        await repo.moveLinksAndMemberships(tx, id, intoId);
        await repo.deleteSchool(tx, id);
        return {
          result: toStaffSchool(await requireSchool(tx, intoId)),
          details: {
            merged: id,
            before: {
              name: duplicate.name,
              contestants: duplicate.contestants,
              teachers: duplicate.teachers,
            },
            after: { mergedInto: kept.name },
          },
        };
      });
    },
  };
}

/** A school's page, and the typed names no school is linked for (decision 061). */
function createSchoolRecords(deps: SchoolsDependencies) {
  const { db } = deps;
  return {
    /** A school's page: the school, the contestants linked to it, its approved teachers. */
    async page(id: number): Promise<StaffSchoolPage> {
      const school = toStaffSchool(await requireSchool(db, id));
      const teachers = (await deps.teachersOf(db, id)).filter((t) => t.status === 'approved');
      return { school, linkedContestants: await repo.countLinked(db, id), teachers };
    },

    /** Typed names no school is linked for, each with the schools of the list it looks like. */
    async unlinked(): Promise<UnlinkedSchoolName[]> {
      const list = (await repo.listSchools(db)).filter((s) => s.name !== OTHER_SCHOOL);
      return (await repo.findUnlinkedNames(db)).map((row) => ({
        name: row.name,
        contestants: row.contestants,
        lookAlikes: lookAlikesOf(row.name, list).map(({ id, name, kind }) => ({ id, name, kind })),
      }));
    },

    /** The organiser confirms that those who typed `name` attend school `id` (never a guess). */
    async link(organiserId: number, id: number, name: string): Promise<{ linked: number }> {
      return db.transaction(async (tx) => {
        const school = await requireSchool(tx, id);
        if (school.name === OTHER_SCHOOL) throw fixed();
        const linked = await repo.linkByName(tx, id, name);
        await audit(tx, {
          actorCustomerId: organiserId,
          action: 'school.link',
          entityType: 'school',
          entityId: id,
          details: { typedName: name, school: school.name, linked },
        });
        return { linked };
      });
    },
  };
}
