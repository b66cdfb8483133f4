import {
  CLASS_TEXT,
  CONTESTANT_TEXT,
  findLearnerMatch,
  indexLearners,
  learnerProblems,
  readGender,
  readGrade,
  toMobileDigits,
  type AddLearner,
  type ClassLearner,
  type SchoolClass,
  type SchoolLearners,
  type UpdateLearner,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { reachClass, teacherReach, type ReachedClass } from '../teachers/index.ts';
import * as repo from './school-classes.repository.ts';

const toLearner = ({ teacherName: _t, ...row }: repo.LearnerRow): ClassLearner => row;

const learnerNotFound = (id: number) =>
  notFound('LEARNER_NOT_FOUND', CLASS_TEXT.say('learnerNotFound', { id }));

export const consentNotDeclared = () =>
  badRequest('CONSENT_NOT_DECLARED', CLASS_TEXT.say('consent'));

/** A learner as checked and stored: the grade and gender as read, the mobile as digits. */
export function newLearner(l: {
  firstName: string;
  surname: string;
  grade: string;
  gender: string;
  parentEmail?: string | null;
  parentMobile?: string | null;
}): repo.NewLearner {
  const problem = learnerProblems({
    ...l,
    parentEmail: l.parentEmail ?? '',
    parentMobile: l.parentMobile ?? '',
  })[0];
  if (problem) throw badRequest('VALIDATION_ERROR', problem.said);
  return {
    firstName: l.firstName.trim(),
    surname: l.surname.trim(),
    grade: readGrade(l.grade)!,
    gender: readGender(l.gender)!,
    parentEmail: l.parentEmail?.trim() || null,
    parentMobile: l.parentMobile?.trim() ? toMobileDigits(l.parentMobile) : null,
  };
}

/** Refuses a learner the school's classes already have (decision 064); says which. */
async function refuseDuplicate(
  tx: Database,
  cls: ReachedClass,
  learner: repo.NewLearner,
  options: { exceptId?: number; addAnyway: boolean },
) {
  const known = indexLearners(await repo.findKnownLearners(tx, cls));
  const match = findLearnerMatch(learner, known, cls.membershipId, options.exceptId);
  const name = `${learner.firstName} ${learner.surname}`;
  if (match?.kind === 'in-class')
    throw new AppError(409, 'LEARNER_IN_CLASS', CLASS_TEXT.say('inClass', { name }));
  if (match?.kind === 'in-school') {
    const teacher = cls.coordinates
      ? (await repo.findTeacherNames(tx, [match.membershipId])).get(match.membershipId)
      : undefined;
    throw new AppError(
      409,
      'LEARNER_IN_SCHOOL',
      teacher
        ? CLASS_TEXT.say('inSchoolOf', { name, teacher })
        : CLASS_TEXT.say('inSchool', { name }),
    );
  }
  if (match?.kind === 'possible-match' && !options.addAnyway)
    throw new AppError(409, 'LEARNER_POSSIBLE_MATCH', CLASS_TEXT.say('possibleMatch', { name }));
}

/**
 * A teacher told that a family's child of a name is on the portal learnt something about a
 * family: each answer that says so is on record (security review of issue 35). Rethrows `err`.
 */
async function auditPossibleMatch(
  db: Database,
  customerId: number,
  membershipId: number,
  err: unknown,
  matches: number,
): Promise<never> {
  if (err instanceof AppError && err.code === 'LEARNER_POSSIBLE_MATCH')
    await audit(db, {
      actorCustomerId: customerId,
      action: 'class.possible-match',
      entityType: 'school_membership',
      entityId: membershipId,
      details: { matches },
    });
  throw err;
}

async function oneLearner(db: Database, cls: ReachedClass, learnerId: number) {
  const row = await repo.findLearner(db, cls.reach, learnerId);
  if (!row) throw learnerNotFound(learnerId);
  return toLearner(row);
}

/** Removes a learner of the caller's class who has no entries (as contestants today). */
async function removeLearner(
  db: Database,
  customerId: number,
  membershipId: number,
  learnerId: number,
): Promise<void> {
  const cls = await reachClass(db, customerId, membershipId, true);
  const hasItems = () => new AppError(409, 'PROFILE_HAS_ITEMS', CONTESTANT_TEXT.say('hasItems'));
  try {
    await db.transaction(async (tx) => {
      const held = await repo.findLearner(tx, cls.reach, learnerId);
      if (held?.membershipId !== membershipId) throw learnerNotFound(learnerId);
      if ((await repo.countEntries(tx, learnerId)) > 0) throw hasItems();
      if (!(await repo.deleteLearner(tx, cls, learnerId))) throw learnerNotFound(learnerId);
      await audit(tx, {
        actorCustomerId: customerId,
        action: 'class.learner.remove',
        entityType: 'participant_profile',
        entityId: learnerId,
        details: { membershipId },
      });
    });
  } catch (err) {
    // An item entered for the learner at this very moment keeps them (foreign key).
    if (isForeignKeyViolation(err)) throw hasItems();
    throw err;
  }
}

/** Edits a learner of the caller's class; audited with the fields it changed. */
async function updateLearner(
  db: Database,
  customerId: number,
  membershipId: number,
  learnerId: number,
  body: UpdateLearner,
): Promise<ClassLearner> {
  const cls = await reachClass(db, customerId, membershipId, true);
  const learner = newLearner(body);
  await db.transaction(async (tx) => {
    await repo.takeSchoolTurn(tx, cls.schoolId);
    const before = await repo.findLearner(tx, cls.reach, learnerId);
    await refuseDuplicate(tx, cls, learner, { exceptId: learnerId, addAnyway: true });
    if (!before || !(await repo.updateLearner(tx, cls, learnerId, learner)))
      throw learnerNotFound(learnerId);
    // Which fields changed, not their values: the parent's address is where an invitation
    // goes, so a change to it is on record, without the address in the log.
    const changed = (Object.keys(learner) as (keyof repo.NewLearner)[]).filter(
      (k) => (before[k] ?? null) !== learner[k],
    );
    await audit(tx, {
      actorCustomerId: customerId,
      action: 'class.learner.update',
      entityType: 'participant_profile',
      entityId: learnerId,
      details: { membershipId, changed },
    });
  });
  return oneLearner(db, cls, learnerId);
}

/**
 * A teacher's class (issue 35, decision 064): its learners, read through the caller's reach
 * (decision 061), added one by one with the school's consent declared, edited and removed.
 */
export function createSchoolClassesService(db: Database) {
  return {
    async view(customerId: number, membershipId: number): Promise<SchoolClass> {
      const cls = await reachClass(db, customerId, membershipId, false);
      const rows = await repo.findClassLearners(db, cls.reach, membershipId);
      const { membershipId: id, schoolId, schoolName, teacherName, mine } = cls;
      return {
        membershipId: id,
        schoolId,
        schoolName,
        teacherName,
        mine,
        learners: rows.map(toLearner),
      };
    },

    async school(customerId: number, schoolId: number): Promise<SchoolLearners> {
      const reach = await teacherReach(db, customerId);
      const held = reach.classes.find((c) => c.schoolId === schoolId && c.role === 'coordinator');
      if (!held)
        throw notFound('CLASS_NOT_FOUND', CLASS_TEXT.say('schoolNotFound', { id: schoolId }));
      const rows = await repo.findReachedLearners(db, { ...reach, classes: [held] });
      return { schoolId, schoolName: held.schoolName, learners: rows };
    },

    async add(customerId: number, membershipId: number, body: AddLearner): Promise<ClassLearner> {
      const cls = await reachClass(db, customerId, membershipId, true);
      const learner = newLearner(body);
      if (!body.schoolConsentDeclared) throw consentNotDeclared();
      const id = await db
        .transaction(async (tx) => {
          await repo.takeSchoolTurn(tx, cls.schoolId);
          await refuseDuplicate(tx, cls, learner, { addAnyway: body.addAnyway ?? false });
          const [added] = await repo.insertLearners(tx, cls, [learner], new Date());
          await audit(tx, {
            actorCustomerId: customerId,
            action: 'class.learner.add',
            entityType: 'participant_profile',
            entityId: added!,
            details: {
              membershipId,
              schoolConsentDeclared: true,
              addAnyway: body.addAnyway ?? false,
            },
          });
          return added!;
        })
        // After the transaction: its connection is free for the record (PGlite has one).
        .catch((err: unknown) => auditPossibleMatch(db, customerId, membershipId, err, 1));
      return oneLearner(db, cls, id);
    },

    update: (customerId: number, membershipId: number, learnerId: number, body: UpdateLearner) =>
      updateLearner(db, customerId, membershipId, learnerId, body),

    remove: (customerId: number, membershipId: number, learnerId: number) =>
      removeLearner(db, customerId, membershipId, learnerId),
  };
}
