import { MarkingListSchema, type Item, type StaffSchool } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflictsOfInterest, groupParticipants } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff, finalisedEntry } from './adjudication.test-helpers.ts';

// Issue 30: a conflict of interest with a school follows the school through a rename or a merge.

let t: TestApp;
let catalogue: Item[];
let organiser: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp({ now: '2025-04-01T10:00:00Z' });
  catalogue = await catalogueItems(t);
  organiser = await createStaff(t, 'organiser');
});
afterAll(() => t.close());

const item = (test: (i: Item) => boolean) => {
  const found = catalogue.find(test);
  if (!found) throw new Error('no such item in the demo catalogue');
  return found;
};
const danceSolo = () =>
  item((i) => !i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance');
const danceGroup = () =>
  item((i) => i.isGroupItem && !i.requiresAnInstrument && i.category.section === 'Dance');

async function addSchool(name: string): Promise<StaffSchool> {
  const res = await organiser.call('POST', '/api/Staff/Schools', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffSchool>();
}

/** An adjudicator of Dance who declared a conflict with `school`, as they typed it. */
async function conflictedAdjudicator(school: string) {
  const adjudicator = await createStaff(t, 'adjudicator');
  const assigned = await organiser.call(
    'POST',
    `/api/Staff/Adjudicators/${adjudicator.id}/Assignments`,
    { section: 'Dance' },
  );
  expect(assigned.statusCode, assigned.body).toBe(201);
  const declared = await adjudicator.call('POST', '/api/Staff/Conflicts', {
    kind: 'school',
    name: school,
  });
  expect(declared.statusCode, declared.body).toBe(201);
  return {
    ...adjudicator,
    async visible(): Promise<number[]> {
      const res = await adjudicator.call('GET', '/api/Staff/Marking');
      return MarkingListSchema.parse(res.json()).map((e) => e.orderItemId);
    },
    /** Both ways in: the detail, and a submitted mark. */
    async expectRefused(orderItemId: number) {
      const url = `/api/Staff/Marking/${orderItemId}`;
      expect((await adjudicator.call('GET', url)).statusCode).toBe(404);
      const mark = await adjudicator.call('PUT', url, {
        scores: [],
        comment: 'Lovely',
        submit: true,
      });
      expect(mark.statusCode, mark.body).toBe(404);
    },
  };
}

describe('a conflict with a school', () => {
  it('keeps its entries hidden and unmarkable after the school is renamed', async () => {
    const school = await addSchool('Sunnyside Primary');
    const family = await createFamily(t);
    const solo = await finalisedEntry(t, family, danceSolo(), {
      firstName: 'Lerato',
      school: 'Sunnyside Primary',
    });
    // A group whose member is at the school, the contestant elsewhere.
    const group = await finalisedEntry(t, family, danceGroup(), { firstName: 'Sipho' });
    await t.database.db
      .update(groupParticipants)
      .set({ school: 'Sunnyside Primary' })
      .where(eq(groupParticipants.orderItemId, group.orderItemId));
    const adjudicator = await conflictedAdjudicator(' sunnyside   PRIMARY ');
    expect(await adjudicator.visible()).not.toContain(solo.orderItemId);
    expect(await adjudicator.visible()).not.toContain(group.orderItemId);

    const renamed = await organiser.call('PUT', `/api/Staff/Schools/${school.id}`, {
      name: 'Sunnyside Primary School',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const visible = await adjudicator.visible();
    expect(visible).not.toContain(solo.orderItemId);
    expect(visible).not.toContain(group.orderItemId);
    await adjudicator.expectRefused(solo.orderItemId);
    await adjudicator.expectRefused(group.orderItemId);
  });

  it('moves to the school that stays when its school is merged into another', async () => {
    const duplicate = await addSchool('Jacaranda Primary');
    const kept = await addSchool('Jacaranda Primary School');
    const family = await createFamily(t);
    const entry = await finalisedEntry(t, family, danceSolo(), {
      firstName: 'Naledi',
      school: 'Jacaranda Primary',
    });
    const adjudicator = await conflictedAdjudicator('Jacaranda Primary');
    expect(await adjudicator.visible()).not.toContain(entry.orderItemId);

    const merged = await organiser.call('POST', `/api/Staff/Schools/${duplicate.id}/Merge`, {
      intoId: kept.id,
    });
    expect(merged.statusCode, merged.body).toBe(200);

    // The kept school's own contestants are the same school now: hidden too.
    const other = await finalisedEntry(t, family, danceSolo(), {
      firstName: 'Palesa',
      school: 'Jacaranda Primary School',
    });
    const visible = await adjudicator.visible();
    expect(visible).not.toContain(entry.orderItemId);
    expect(visible).not.toContain(other.orderItemId);
    await adjudicator.expectRefused(entry.orderItemId);
    await adjudicator.expectRefused(other.orderItemId);
  });

  it('follows a rename when it was recorded without its school, as the previous release did', async () => {
    const school = await addSchool('Hillview College');
    const family = await createFamily(t);
    const entry = await finalisedEntry(t, family, danceSolo(), {
      firstName: 'Kagiso',
      school: 'Hillview College',
    });
    const adjudicator = await conflictedAdjudicator('Nowhere Academy');
    await t.database.db.insert(conflictsOfInterest).values({
      adjudicatorId: adjudicator.id,
      kind: 'school',
      label: 'Hillview College',
      matchKey: 'hillview college',
    });
    expect(await adjudicator.visible()).not.toContain(entry.orderItemId);

    const renamed = await organiser.call('PUT', `/api/Staff/Schools/${school.id}`, {
      name: 'Hillview High School',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await adjudicator.visible()).not.toContain(entry.orderItemId);
    await adjudicator.expectRefused(entry.orderItemId);
  });

  it('still matches a school typed for a group member (not on the list) by its name', async () => {
    const family = await createFamily(t);
    const group = await finalisedEntry(t, family, danceGroup(), { firstName: 'Thandi' });
    await t.database.db
      .update(groupParticipants)
      .set({ school: 'Riverbend  Home School' })
      .where(eq(groupParticipants.orderItemId, group.orderItemId));
    const adjudicator = await conflictedAdjudicator('riverbend home school');
    expect(await adjudicator.visible()).not.toContain(group.orderItemId);
    await adjudicator.expectRefused(group.orderItemId);
  });
});
