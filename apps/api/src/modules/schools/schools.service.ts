import { OTHER_SCHOOL, type StaffSchool } from '@eisteddfod/shared';
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
}

/** Runs `work` in turn with other changes to the list, audits it, then tells every instance. */
async function change<T extends StaffSchool>(
  deps: SchoolsDependencies,
  organiserId: number,
  action: string,
  work: (tx: Database) => Promise<{ result: T; details: Record<string, unknown> }>,
): Promise<T> {
  const result = await deps.db.transaction(async (tx) => {
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
  });
  deps.announce();
  return result;
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
    async list(): Promise<StaffSchool[]> {
      return (await repo.listSchools(db)).map(toStaffSchool);
    },

    async add(organiserId: number, name: string): Promise<StaffSchool> {
      return change(deps, organiserId, 'school.add', async (tx) => {
        await assertNameFree(tx, name);
        const id = await repo.insertSchool(tx, name);
        return { result: toStaffSchool(await requireSchool(tx, id)), details: { after: { name } } };
      });
    },

    async rename(organiserId: number, id: number, name: string): Promise<StaffSchool> {
      return change(deps, organiserId, 'school.rename', async (tx) => {
        const before = await requireSchool(tx, id);
        if (before.name === OTHER_SCHOOL || name === OTHER_SCHOOL) throw fixed();
        await assertNameFree(tx, name, id);
        await repo.renameSchool(tx, before.name, name, id);
        return {
          result: toStaffSchool(await requireSchool(tx, id)),
          details: {
            before: { name: before.name },
            after: { name },
            contestants: before.contestants,
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
        await repo.deleteSchool(tx, id);
        return {
          result: toStaffSchool(await requireSchool(tx, intoId)),
          details: {
            merged: id,
            before: { name: duplicate.name, contestants: duplicate.contestants },
            after: { mergedInto: kept.name },
          },
        };
      });
    },
  };
}
