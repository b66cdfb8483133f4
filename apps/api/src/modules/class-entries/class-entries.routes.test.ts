import {
  ClassEntriesResultSchema,
  ClassEntriesSchema,
  ClassGridSchema,
  OrderSchema,
  type ClassEntriesChange,
  type Item,
} from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { items as itemsTable } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems, groupMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  addMainFile,
  createSchool,
  createTeacher,
  finalise,
  markPaid,
} from './class-entries.test-helpers.ts';

// Issue 35, part E (decision 065): the grid, entering a class in one call by the cart's rules,
// and the class's entries by state. The demo event opens on 24 March 2025.
const NOW = '2025-04-01T10:00:00.000Z';
let t: TestApp;
let all: Item[];

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  all = await catalogueItems(t, true);
});
afterAll(() => t.close());
beforeEach(() => t.setNow(NOW));

const find = (test: (i: Item) => boolean) => {
  const item = all.find(test);
  if (!item) throw new Error('no such item in the demo catalogue');
  return item;
};
const forFive = (i: Item) => i.grades === null || i.otherGradesAllowed || isFive(i);
const isFive = (i: Item) =>
  !!i.grades && gradeNo(i.grades.lowest) <= 5 && gradeNo(i.grades.highest) >= 5;
const gradeNo = (g: string) => (g === 'R' ? 0 : Number(g));
const solos = () =>
  all.filter(
    (i) =>
      !i.isGroupItem && !i.requiresAnInstrument && forFive(i) && i.category.section === 'Dance',
  );
const instrumental = () => find((i) => i.requiresAnInstrument && forFive(i));
const group = () =>
  find(
    (i) => i.isGroupItem && forFive(i) && i.minimumParticipants >= 3 && i.maximumParticipants >= 5,
  );
const tooYoung = () => find((i) => !i.isGroupItem && !!i.grades && gradeNo(i.grades.highest) < 5);

type Teacher = Awaited<ReturnType<typeof createTeacher>>;
const base = (f: Teacher) => `/api/Customers/${f.id}/Classes/${f.membershipId}`;
const grid = async (f: Teacher) => {
  const res = await f.call('GET', `${base(f)}/Grid`);
  expect(res.statusCode, res.body).toBe(200);
  return ClassGridSchema.parse(res.json());
};
const enter = async (f: Teacher, change: Partial<ClassEntriesChange>) => {
  const res = await f.call('POST', `${base(f)}/Entries`, { add: [], remove: [], ...change });
  expect(res.statusCode, res.body).toBe(200);
  return ClassEntriesResultSchema.parse(res.json());
};
const cartItems = async (f: Teacher) =>
  OrderSchema.parse((await f.call('GET', `/api/Orders/${await f.openCart()}`)).json()).orderItems;

describe('class entries: reach (decision 061)', () => {
  it('refuses an account with no approved membership (403 NOT_A_TEACHER) and hides another teacher’s class (404)', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [{}]);
    const other = await createTeacher(t, school.id, [{}]);
    const family = await createFamily(t);
    for (const suffix of ['Grid', 'Entries']) {
      const parent = await family.call(
        'GET',
        `/api/Customers/${family.id}/Classes/${teacher.membershipId}/${suffix}`,
      );
      expect(parent.statusCode).toBe(403);
      expect(parent.json()).toMatchObject({ code: 'NOT_A_TEACHER' });
      const theirs = await other.call(
        'GET',
        `/api/Customers/${other.id}/Classes/${teacher.membershipId}/${suffix}`,
      );
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ code: 'CLASS_NOT_FOUND' });
      // Another account's path is not the caller's (access 'customer').
      expect((await other.call('GET', `${base(teacher)}/${suffix}`)).statusCode).toBe(404);
      expect((await t.app.inject({ url: `${base(teacher)}/${suffix}` })).statusCode).toBe(401);
    }
    const post = await family.call(
      'POST',
      `/api/Customers/${family.id}/Classes/${teacher.membershipId}/Entries`,
      {
        add: [{ learnerId: teacher.learnerIds[0], itemId: solos()[0]!.id }],
        remove: [],
      },
    );
    expect(post.json()).toMatchObject({ code: 'NOT_A_TEACHER' });
    // A learner of another class is not found, and nothing is written.
    const stolen = await enter(other, {
      add: [
        { learnerId: other.learnerIds[0]!, itemId: solos()[0]!.id },
        { learnerId: teacher.learnerIds[0]!, itemId: solos()[0]!.id },
      ],
    });
    expect(stolen).toMatchObject({ written: false, added: 0 });
    expect(stolen.refused).toEqual([
      expect.objectContaining({ row: 1, code: 'PROFILE_NOT_FOUND' }),
    ]);
    expect(await cartItems(other)).toHaveLength(0);
  });
});

describe('class entries: the grid and the batch', () => {
  it('shows the learners against the items each grade may enter, and enters 3 × 2 in one call', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [
      { firstName: 'Anele', grade: '5' },
      { firstName: 'Bongi', grade: '5' },
      { firstName: 'Chris', grade: '2' },
    ]);
    const before = await grid(teacher);
    expect(before.learners.map((l) => l.firstName).sort()).toEqual(['Anele', 'Bongi', 'Chris']);
    expect(before.allowedByGrade['5']).toContain(solos()[0]!.id);
    expect(before.allowedByGrade['5']).not.toContain(tooYoung().id);
    expect(before.allowedByGrade['2']).toContain(tooYoung().id);
    const [a, b] = teacher.learnerIds;
    const [s1, s2] = solos();
    const rows = [a!, b!].flatMap((learnerId) => [
      { learnerId, itemId: s1!.id },
      { learnerId, itemId: s2!.id },
    ]);
    rows.push({ learnerId: a!, itemId: instrumental().id, instruments: 'Guitar' } as never);
    const done = await enter(teacher, { add: rows });
    expect(done).toMatchObject({ written: true, added: 5, removed: 0, refused: [] });
    expect(await cartItems(teacher)).toHaveLength(5);
    const after = await grid(teacher);
    expect(after.entries).toHaveLength(5);
    expect(after.entries.every((e) => !e.paid)).toBe(true);
    expect(after.entries.find((e) => e.itemId === instrumental().id)?.instruments).toBe('Guitar');
    // Unticking removes unpaid entries, in the same call as a new tick.
    const untick = after.entries.filter((e) => e.learnerId === b).map((e) => e.orderItemId);
    const changed = await enter(teacher, {
      add: [{ learnerId: teacher.learnerIds[2]!, itemId: tooYoung().id }],
      remove: untick,
    });
    expect(changed).toMatchObject({ written: true, added: 1, removed: 2 });
    expect(await cartItems(teacher)).toHaveLength(4);
  });

  it('refuses each row by the cart’s rules with its reason, and writes nothing', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [{ grade: '5' }, { grade: '5' }]);
    const [a, b] = teacher.learnerIds as [number, number];
    const [s1, s2, s3] = solos();
    await enter(teacher, { add: [{ learnerId: b, itemId: s3!.id }] });
    const retired = s2!;
    await t.database.db
      .update(itemsTable)
      .set({ retiredAt: new Date() })
      .where(eq(itemsTable.id, retired.id));
    t.app.catalogue.invalidate();
    try {
      const res = await enter(teacher, {
        add: [
          { learnerId: a, itemId: s1!.id }, // fine on its own
          { learnerId: a, itemId: tooYoung().id }, // grade
          { learnerId: a, itemId: instrumental().id }, // no instrument
          { learnerId: a, itemId: retired.id }, // retired
          { learnerId: a, itemId: 999999 }, // no such item
          { learnerId: a, itemId: s1!.id }, // the same row twice
          { learnerId: b, itemId: s3!.id }, // already in the cart
          { learnerId: a, itemId: s1!.id, groupLearnerIds: [b] }, // not a group item
        ],
        remove: [123456789],
      });
      expect(res.written).toBe(false);
      const codes = Object.fromEntries(res.refused.map((r) => [`${r.kind}${r.row}`, r.code]));
      expect(codes).toEqual({
        add1: 'WRONG_GRADE',
        add2: 'INSTRUMENT_REQUIRED',
        add3: 'ITEM_RETIRED',
        add4: 'ITEM_NOT_FOUND',
        add7: 'NOT_A_GROUP_ITEM',
      });
      // Each reason in the catalogue's words, by its id (decision 057).
      expect(res.refused[0]).toMatchObject({ messageId: 'grades.notForGrade' });
      expect(await cartItems(teacher)).toHaveLength(1);
      // With the lock-free checks passed, the cart's own: duplicates and rows to remove.
      const second = await enter(teacher, {
        add: [
          { learnerId: a, itemId: s1!.id },
          { learnerId: a, itemId: s1!.id },
          { learnerId: b, itemId: s3!.id },
        ],
        remove: [123456789],
      });
      expect(second.written).toBe(false);
      expect(second.refused.map((r) => `${r.kind}${r.row}:${r.code}`).sort()).toEqual([
        'add1:DUPLICATE_ENTRY',
        'add2:DUPLICATE_ENTRY',
        'remove0:ORDER_ITEM_NOT_FOUND',
      ]);
      expect(await cartItems(teacher)).toHaveLength(1);
    } finally {
      await t.database.db
        .update(itemsTable)
        .set({ retiredAt: null })
        .where(eq(itemsTable.id, retired.id));
      t.app.catalogue.invalidate();
    }
  });

  it('refuses an item past its deadline and everything before entries open', async () => {
    t.setNow('2025-04-21T20:00:00.000Z');
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [{ grade: '5' }]);
    const late = find(
      (i) => i.category.section === 'Visual Arts & Design' && !i.isGroupItem && forFive(i),
    );
    t.setNow('2025-04-21T22:00:00.000Z');
    const res = await enter(teacher, {
      add: [{ learnerId: teacher.learnerIds[0]!, itemId: late.id }],
    });
    expect(res.refused).toEqual([expect.objectContaining({ row: 0, code: 'DEADLINE_PASSED' })]);
    expect((await grid(teacher)).items.find((i) => i.id === late.id)?.deadlinePassed).toBe(true);
    t.setNow('2025-03-01T10:00:00.000Z');
    const early = await createTeacher(t, school.id, [{ grade: '5' }]);
    const refused = await early.call('POST', `${base(early)}/Entries`, {
      add: [{ learnerId: early.learnerIds[0]!, itemId: solos()[0]!.id }],
      remove: [],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'ENTRIES_NOT_OPEN' });
  });

  it('enters a group of the class’s learners with a member from elsewhere, within its size', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [
      { firstName: 'Zola' },
      { firstName: 'Yusuf' },
      { firstName: 'Xolani' },
    ]);
    const [z, y, x] = teacher.learnerIds as [number, number, number];
    const item = group();
    const tooFew = await enter(teacher, {
      add: [{ learnerId: z, itemId: item.id, groupName: 'Trio', groupLearnerIds: [y] }],
    });
    expect(tooFew.refused).toEqual([expect.objectContaining({ code: 'GROUP_SIZE' })]);
    const res = await enter(teacher, {
      add: [
        {
          learnerId: z,
          itemId: item.id,
          groupName: 'The Quartet',
          groupLearnerIds: [y, x],
          groupMembers: [groupMember(1)],
        },
      ],
    });
    expect(res).toMatchObject({ written: true, added: 1 });
    const [entry] = await cartItems(teacher);
    expect(entry?.groupName).toBe('The Quartet');
    expect(entry?.groupParticipants.map((m) => m.firstName)).toEqual([
      'Zola',
      'Yusuf',
      'Xolani',
      'Member1',
    ]);
  });
});

describe('class entries by state', () => {
  it('says each entry’s state with counts; a coordinator sees the whole school, a teacher their class', async () => {
    const school = await createSchool(t);
    const teacher = await createTeacher(t, school.id, [{ firstName: 'Palesa' }]);
    const coordinator = await createTeacher(
      t,
      school.id,
      [{ firstName: 'Refilwe' }],
      'coordinator',
    );
    const elsewhere = await createTeacher(t, (await createSchool(t)).id, [{ firstName: 'Sipho' }]);
    const [s1, s2, s3, s4] = solos();
    const learner = teacher.learnerIds[0]!;
    await enter(teacher, {
      add: [s1, s2, s3, s4].map((i) => ({ learnerId: learner, itemId: i!.id })),
    });
    await markPaid(t, await teacher.openCart());
    const paid = (await grid(teacher)).entries;
    expect(paid.every((e) => e.paid)).toBe(true);
    const id = (i: Item) => paid.find((e) => e.itemId === i.id)!.orderItemId;
    await addMainFile(t, id(s2!));
    await addMainFile(t, id(s3!));
    await finalise(t, id(s3!));
    await addMainFile(t, id(s4!));
    await finalise(t, id(s4!), true);
    // A paid entry cannot be unticked: it is in no cart.
    const untick = await enter(teacher, { remove: [id(s1!)] });
    expect(untick.refused).toEqual([expect.objectContaining({ code: 'ORDER_ITEM_NOT_FOUND' })]);
    await enter(teacher, { add: [{ learnerId: learner, itemId: solos()[4]!.id }] });
    await enter(coordinator, { add: [{ learnerId: coordinator.learnerIds[0]!, itemId: s1!.id }] });
    await enter(elsewhere, { add: [{ learnerId: elsewhere.learnerIds[0]!, itemId: s1!.id }] });

    const own = ClassEntriesSchema.parse(
      (await teacher.call('GET', `${base(teacher)}/Entries`)).json(),
    );
    expect(own.wholeSchool).toBe(false);
    expect(own.counts).toMatchObject({
      unpaid: 1,
      'no-main-file': 1,
      'not-sent': 1,
      sent: 1,
      marked: 1,
    });
    expect(own.entries.every((e) => e.firstName === 'Palesa' && e.own)).toBe(true);

    const whole = ClassEntriesSchema.parse(
      (await coordinator.call('GET', `${base(coordinator)}/Entries`)).json(),
    );
    expect(whole.wholeSchool).toBe(true);
    expect(new Set(whole.entries.map((e) => e.firstName))).toEqual(new Set(['Palesa', 'Refilwe']));
    expect(whole.entries.filter((e) => e.own).map((e) => e.firstName)).toEqual(['Refilwe']);
    expect(whole.counts.unpaid).toBe(2);
  });
});
