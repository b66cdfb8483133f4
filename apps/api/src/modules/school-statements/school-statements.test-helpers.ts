import {
  ClassEntriesResultSchema,
  type Banking,
  type Item,
  type StaffEvent,
} from '@eisteddfod/shared';
import { expect } from 'vitest';
import { catalogueItems } from '../../test/fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { createStaff } from '../adjudication/adjudication.test-helpers.ts';
import type { createTeacher } from '../class-entries/class-entries.test-helpers.ts';

type Teacher = Awaited<ReturnType<typeof createTeacher>>;
type Staff = Awaited<ReturnType<typeof createStaff>>;

export const BANKING: Banking = {
  bankName: 'First National Bank',
  accountName: 'Online Eisteddfod NPC',
  accountNumber: '62812345678',
  branchCode: '250655',
};

/** Individual items a grade-5 learner may enter with no instrument (R160 each before the late date). */
export async function soloItems(t: TestApp): Promise<Item[]> {
  const grade = (g: string) => (g === 'R' ? 0 : Number(g));
  return (await catalogueItems(t, true)).filter(
    (i) =>
      !i.isGroupItem &&
      !i.requiresAnInstrument &&
      i.category.section === 'Dance' &&
      (i.grades === null ||
        i.otherGradesAllowed ||
        (grade(i.grades.lowest) <= 5 && grade(i.grades.highest) >= 5)),
  );
}

export const classPath = (f: Teacher) => `/api/Customers/${f.id}/Classes/${f.membershipId}`;

/** Enters each of the teacher's learners into `perLearner` of `items` through the grid's call. */
export async function enterClass(f: Teacher, items: Item[], perLearner: number) {
  const add = f.learnerIds.flatMap((learnerId) =>
    items.slice(0, perLearner).map((i) => ({ itemId: i.id, learnerId })),
  );
  const res = await f.call('POST', `${classPath(f)}/Entries`, { add, remove: [] });
  expect(res.statusCode, res.body).toBe(200);
  const result = ClassEntriesResultSchema.parse(res.json());
  expect(result.written, JSON.stringify(result.refused)).toBe(true);
  return result.orderId;
}

/** The organiser sets the live event's banking details on its settings. */
export async function setBanking(organiser: Staff, banking: Banking) {
  const events = (await organiser.call('GET', '/api/Staff/Events')).json<{
    events: StaffEvent[];
  }>();
  const live = events.events.find((e) => e.isServed)!;
  const res = await organiser.call('PUT', `/api/Staff/Events/${live.id}`, {
    ...live.settings,
    banking,
  });
  expect(res.statusCode, res.body).toBe(200);
}
