import { CLASS_TEXT } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findApprovedClass, findClassReach, type ClassReach } from './class-reach.repository.ts';

/** A class the caller reaches, with whether it is their own (they may change it). */
export interface ReachedClass {
  reach: ClassReach;
  membershipId: number;
  customerId: number;
  schoolId: number;
  schoolName: string;
  teacherName: string;
  mine: boolean;
  /** The caller coordinates the class's school: they may see other classes' teachers. */
  coordinates: boolean;
}

const notATeacher = () => new AppError(403, 'NOT_A_TEACHER', CLASS_TEXT.say('notATeacher'));

/** The caller's reach as a teacher (decision 061); 403 NOT_A_TEACHER when it is empty. */
export async function teacherReach(db: Database, customerId: number): Promise<ClassReach> {
  const reach = await findClassReach(db, customerId);
  if (reach.classes.length === 0) throw notATeacher();
  return reach;
}

/**
 * The class `membershipId` as the caller reaches it: their own, or (to read) one of a school
 * they coordinate. Any other class is 404, as if it did not exist: another teacher's class is
 * never revealed. `change`: only the class's own teacher may.
 */
export async function reachClass(
  db: Database,
  customerId: number,
  membershipId: number,
  change: boolean,
): Promise<ReachedClass> {
  const reach = await teacherReach(db, customerId);
  const cls = await findApprovedClass(db, membershipId);
  const coordinated = reach.classes.filter((c) => c.role === 'coordinator').map((c) => c.schoolId);
  const mine = cls?.customerId === customerId;
  if (!cls || !(mine || coordinated.includes(cls.schoolId)))
    throw notFound('CLASS_NOT_FOUND', CLASS_TEXT.say('classNotFound', { id: membershipId }));
  if (change && !mine) throw new AppError(403, 'NOT_YOUR_CLASS', CLASS_TEXT.say('notYourClass'));
  return { reach, ...cls, mine, coordinates: coordinated.includes(cls.schoolId) };
}
