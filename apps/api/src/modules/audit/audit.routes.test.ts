import type { AuditKinds, AuditPage, StaffEvent } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily } from '../../test/family.ts';
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

describe('the audit log', () => {
  it('is organisers only: a family gets 404, an adjudicator 403, no one signed in 401', async () => {
    const family = await createFamily(t);
    const adjudicator = await createStaff(t, 'adjudicator');
    for (const url of ['/api/Staff/AuditLog', '/api/Staff/AuditLog/Kinds']) {
      expect((await family.call('GET', url)).statusCode, url).toBe(404);
      expect((await adjudicator.call('GET', url)).statusCode, url).toBe(403);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });

  it("shows an organiser's change newest first: who, what, before and after; searchable", async () => {
    const event = (
      await organiser.call('GET', `/api/Staff/Events/${t.eventId}`)
    ).json<StaffEvent>();
    const saved = await organiser.call('PUT', `/api/Staff/Events/${t.eventId}`, {
      ...event.settings,
      hostLine: 'Hosted by the Audit Test College',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const page = (await organiser.call('GET', '/api/Staff/AuditLog?take=5')).json<AuditPage>();
    expect(page.total).toBeGreaterThan(0);
    const [newest] = page.entries;
    expect(newest).toMatchObject({
      actor: expect.stringMatching(/^Olwethu Staff\d+$/),
      action: 'event.update',
      entityType: 'event',
      entityId: String(t.eventId),
      details: {
        before: { hostLine: event.settings.hostLine },
        after: { hostLine: 'Hosted by the Audit Test College' },
      },
    });

    const found = (
      await organiser.call('GET', '/api/Staff/AuditLog?search=Audit%20Test%20College')
    ).json<AuditPage>();
    expect(found.entries.map((e) => e.id)).toEqual([newest!.id]);
    const none = (
      await organiser.call('GET', '/api/Staff/AuditLog?search=100%25_x')
    ).json<AuditPage>();
    expect(none).toEqual({ entries: [], total: 0 });
  });

  it('filters by action and by type of record, and offers the ones the log holds', async () => {
    const added = await organiser.call('POST', '/api/Staff/Schools', { name: 'Filter Test High' });
    expect(added.statusCode, added.body).toBe(201);
    const kinds = (await organiser.call('GET', '/api/Staff/AuditLog/Kinds')).json<AuditKinds>();
    expect(kinds.actions).toEqual(expect.arrayContaining(['school.add', 'event.update']));
    expect(kinds.entityTypes).toEqual(expect.arrayContaining(['school', 'event']));

    const schools = (
      await organiser.call('GET', '/api/Staff/AuditLog?entityType=school')
    ).json<AuditPage>();
    expect(schools.total).toBeGreaterThan(0);
    expect(schools.entries.every((e) => e.entityType === 'school')).toBe(true);
    const adds = (
      await organiser.call('GET', '/api/Staff/AuditLog?action=school.add&search=Filter%20Test')
    ).json<AuditPage>();
    expect(adds.entries).toHaveLength(1);
    expect(adds.entries[0]).toMatchObject({ details: { after: { name: 'Filter Test High' } } });
    const none = (
      await organiser.call('GET', '/api/Staff/AuditLog?action=event.update&entityType=school')
    ).json<AuditPage>();
    expect(none).toEqual({ entries: [], total: 0 });
  });
});
