import type { StaffSchool, StaffSchoolPage, UnlinkedSchoolName } from '@eisteddfod/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  groupParticipants,
  participantProfiles,
  schoolMemberships,
} from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems, groupMember } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await createStaff(t, 'organiser');
});
afterAll(async () => {
  await t.close();
});

const schools = async () =>
  (await organiser.call('GET', '/api/Staff/Schools')).json<StaffSchool[]>();
const formSchools = async () =>
  (await t.app.inject({ url: '/api/reference' })).json<{ schools: string[] }>().schools;
const add = async (name: string) => {
  const res = await organiser.call('POST', '/api/Staff/Schools', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffSchool>();
};

describe('schools', () => {
  it('is organisers only: a family gets 404, an adjudicator 403, no one signed in 401', async () => {
    const family = await createFamily(t);
    const adjudicator = await createStaff(t, 'adjudicator');
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
      ['GET', '/api/Staff/Schools'],
      ['POST', '/api/Staff/Schools', { name: 'x' }],
      ['PUT', '/api/Staff/Schools/1', { name: 'x' }],
      ['POST', '/api/Staff/Schools/2/Merge', { intoId: 3 }],
    ];
    for (const [method, url, body] of calls) {
      expect((await family.call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await adjudicator.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("adds a school in the forms' order, 'Other School' first; a name is on the list once", async () => {
    await add('Aardvark Academy');
    const names = await formSchools();
    expect(names[0]).toBe('Other School');
    // No browser or proxy keeps the list: a change shows on the next page load.
    const reference = await t.app.inject({ url: '/api/reference' });
    expect(reference.headers['cache-control']).toBe('no-cache');
    expect(names[1]).toBe('Aardvark Academy');
    const again = await organiser.call('POST', '/api/Staff/Schools', { name: 'aardvark academy' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SCHOOL_EXISTS' });
  });

  it('renames a school, and its contestants follow; a family can choose the new name at once', async () => {
    const school = await add('Bluegum Hights College');
    const family = await createFamily(t);
    const contestant = await family.addContestant({ school: 'Bluegum Hights College' });
    const res = await organiser.call('PUT', `/api/Staff/Schools/${school.id}`, {
      name: 'Bluegum Heights Academy',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffSchool>()).toMatchObject({
      name: 'Bluegum Heights Academy',
      contestants: 1,
    });
    const profiles = await family.call('GET', `/api/Customers/${family.id}/participant-profiles`);
    expect(
      profiles.json<{ id: number; school: string }[]>().find((p) => p.id === contestant)?.school,
    ).toBe('Bluegum Heights Academy');
    // The contestants' check read the list before: it reads it again.
    await family.addContestant({ firstName: 'Lindo', school: 'Bluegum Heights Academy' });
  });

  it('merges a duplicate into the school that stays; its contestants follow and it goes', async () => {
    const kept = await add('Jacaranda Primary School');
    const duplicate = await add('Jacaranda Primary');
    const family = await createFamily(t);
    await family.addContestant({ school: 'Jacaranda Primary' });
    const res = await organiser.call('POST', `/api/Staff/Schools/${duplicate.id}/Merge`, {
      intoId: kept.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffSchool>()).toMatchObject({ id: kept.id, contestants: 1 });
    expect((await schools()).some((s) => s.id === duplicate.id)).toBe(false);
    expect(await formSchools()).not.toContain('Jacaranda Primary');
  });

  it("keeps 'Other School' as it is, and a school merged into itself is refused", async () => {
    const list = await schools();
    const other = list.find((s) => s.fixed)!;
    expect(other.name).toBe('Other School');
    const renamed = await organiser.call('PUT', `/api/Staff/Schools/${other.id}`, {
      name: 'Others',
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ code: 'SCHOOL_FIXED' });
    const merged = await organiser.call('POST', `/api/Staff/Schools/${other.id}/Merge`, {
      intoId: list[1]!.id,
    });
    expect(merged.statusCode).toBe(409);
    const itself = await organiser.call('POST', `/api/Staff/Schools/${list[1]!.id}/Merge`, {
      intoId: list[1]!.id,
    });
    expect(itself.statusCode).toBe(400);
    const missing = await organiser.call('PUT', '/api/Staff/Schools/999999', { name: 'Nowhere' });
    expect(missing.statusCode).toBe(404);
  });

  describe('schools as records (decision 061)', () => {
    const schoolIdOf = async (id: number) =>
      (
        await t.database.db
          .select({ schoolId: participantProfiles.schoolId })
          .from(participantProfiles)
          .where(eq(participantProfiles.id, id))
      )[0]?.schoolId;

    it("links a new contestant to the school its name is, and a changed name follows; 'Other School' links none", async () => {
      const school = await add('Msasa Primary');
      const family = await createFamily(t);
      const linked = await family.addContestant({ school: 'Msasa Primary' });
      expect(await schoolIdOf(linked)).toBe(school.id);
      const other = await family.addContestant({ school: 'Other School' });
      expect(await schoolIdOf(other)).toBeNull();
      const moved = await family.call('PUT', `/api/Customers/${family.id}/participant-profile`, {
        id: other,
        firstName: 'Ayanda',
        surname: 'Dlamini',
        school: 'Msasa Primary',
        grade: '5',
        gender: 'female',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await schoolIdOf(other)).toBe(school.id);
    });

    it('adding a school links the contestants who typed its name; rename keeps links; kind is editable', async () => {
      const family = await createFamily(t);
      const typed = await family.addContestant({ school: 'Other School' });
      // A name typed before the list had it (an older release kept free text).
      await t.database.db
        .update(participantProfiles)
        .set({ school: 'baobab   ridge college' })
        .where(eq(participantProfiles.id, typed));
      const school = await add('Baobab Ridge College');
      expect(await schoolIdOf(typed)).toBe(school.id);
      expect(school).toMatchObject({ kind: 'school', teachers: 0 });
      const renamed = await organiser.call('PUT', `/api/Staff/Schools/${school.id}`, {
        name: 'Baobab Ridge Studio',
        kind: 'studio',
      });
      expect(renamed.json<StaffSchool>()).toMatchObject({ kind: 'studio' });
      expect(await schoolIdOf(typed)).toBe(school.id);
    });

    it('lists typed names no school matches with look-alikes, and links them only when the organiser confirms (audited)', async () => {
      const school = await add('Umhlanga Rocks High School');
      const family = await createFamily(t);
      const ids = [
        await family.addContestant({ school: 'Other School' }),
        await family.addContestant({ school: 'Other School' }),
      ];
      await t.database.db
        .update(participantProfiles)
        .set({ school: 'Umhlanga Rocks High' })
        .where(inArray(participantProfiles.id, ids));
      const unlinked = (await organiser.call('GET', '/api/Staff/SchoolNames/Unlinked')).json<
        UnlinkedSchoolName[]
      >();
      const row = unlinked.find((u) => u.name === 'Umhlanga Rocks High');
      expect(row).toMatchObject({ contestants: 2 });
      expect(row!.lookAlikes.map((s) => s.id)).toContain(school.id);
      expect(await schoolIdOf(ids[0]!)).toBeNull();
      const res = await organiser.call('POST', `/api/Staff/Schools/${school.id}/Link`, {
        name: 'Umhlanga Rocks High',
      });
      expect(res.json()).toEqual({ linked: 2 });
      expect(await schoolIdOf(ids[1]!)).toBe(school.id);
      const after = (await organiser.call('GET', '/api/Staff/SchoolNames/Unlinked')).json<
        UnlinkedSchoolName[]
      >();
      expect(after.some((u) => u.name === 'Umhlanga Rocks High')).toBe(false);
      const page = (
        await organiser.call('GET', `/api/Staff/Schools/${school.id}`)
      ).json<StaffSchoolPage>();
      expect(page.linkedContestants).toBe(2);
    });

    it('group members point at the school they name: linked on save, listed when unknown, linked by the organiser, moved by a merge', async () => {
      const listed = await add('Marula Primary School');
      const family = await createFamily(t);
      const cart = await family.openCart();
      const profileId = await family.addContestant();
      const group = (await catalogueItems(t)).find(
        (i) => i.isGroupItem && !i.requiresAnInstrument && i.maximumParticipants >= 3,
      )!;
      const added = await family.call('POST', `/api/Orders/${cart}/OrderItems`, {
        itemId: group.id,
        participantProfileId: profileId,
        groupName: 'The Marulas',
      });
      expect(added.statusCode, added.body).toBe(201);
      const entry = added.json<{ id: number }>().id;
      const named = [
        { ...groupMember(1), school: '  marula primary   SCHOOL' },
        { ...groupMember(2), school: 'Mopane Ridge Academy' },
        { ...groupMember(3), school: 'Mopane Ridge Academy' },
      ];
      // The rest of the group, as many as the item needs, attend 'Other School' (never linked).
      const others = Array.from({ length: Math.max(group.minimumParticipants - 3, 0) }, (_, k) =>
        groupMember(k + 4),
      );
      const members = [...named, ...others];
      const saved = await family.call(
        'POST',
        `/api/OrderItems/${entry}/UpdateGroupParticipants`,
        members,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const memberSchools = async () =>
        (
          await t.database.db
            .select({ schoolId: groupParticipants.schoolId })
            .from(groupParticipants)
            .where(eq(groupParticipants.orderItemId, entry))
            .orderBy(groupParticipants.position)
        )
          .slice(0, 3)
          .map((m) => m.schoolId);
      expect(await memberSchools()).toEqual([listed.id, null, null]);
      const unlinked = (await organiser.call('GET', '/api/Staff/SchoolNames/Unlinked')).json<
        UnlinkedSchoolName[]
      >();
      expect(unlinked.find((u) => u.name === 'Mopane Ridge Academy')).toMatchObject({
        contestants: 2,
      });
      const mopane = await add('Mopane Ridge Academie');
      const linked = await organiser.call('POST', `/api/Staff/Schools/${mopane.id}/Link`, {
        name: 'Mopane Ridge Academy',
      });
      expect(linked.json()).toEqual({ linked: 2 });
      expect(await memberSchools()).toEqual([listed.id, mopane.id, mopane.id]);
      const merged = await organiser.call('POST', `/api/Staff/Schools/${mopane.id}/Merge`, {
        intoId: listed.id,
      });
      expect(merged.statusCode, merged.body).toBe(200);
      expect(await memberSchools()).toEqual([listed.id, listed.id, listed.id]);
    });

    it('a merge moves memberships and linked contestants to the school that stays', async () => {
      const kept = await add('Kiaat Academy');
      const duplicate = await add('Kiaat Acadamy');
      const family = await createFamily(t);
      const learner = await family.addContestant({ school: 'Kiaat Acadamy' });
      expect(await schoolIdOf(learner)).toBe(duplicate.id);
      const [membership] = await t.database.db
        .insert(schoolMemberships)
        .values({
          customerId: family.id,
          schoolId: duplicate.id,
          role: 'coordinator',
          status: 'approved',
        })
        .returning();
      const res = await organiser.call('POST', `/api/Staff/Schools/${duplicate.id}/Merge`, {
        intoId: kept.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<StaffSchool>()).toMatchObject({ id: kept.id, teachers: 1 });
      expect(await schoolIdOf(learner)).toBe(kept.id);
      const page = (
        await organiser.call('GET', `/api/Staff/Schools/${kept.id}`)
      ).json<StaffSchoolPage>();
      expect(page.teachers.map((m) => m.id)).toEqual([membership!.id]);
      expect(page.teachers[0]).toMatchObject({ role: 'coordinator', email: family.email });
    });
  });
});
