import { ClientConfigSchema, ReferenceListsSchema } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/config', () => {
  it("gives the client the event's id, year and time zone", async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(ClientConfigSchema.parse(res.json())).toMatchObject({
      eventId: t.eventId,
      year: 2025,
      timeZone: 'Africa/Johannesburg',
      // The upload limits the portal checks before an upload starts (defaults of config/env.ts).
      videoMaxBytes: 4096 * 1024 * 1024,
      documentMaxBytes: 25 * 1024 * 1024,
      uploadStallSeconds: 30,
    });
  });
});

describe('GET /api/reference', () => {
  it('serves every reference list from one place', async () => {
    const res = await t.app.inject({ url: '/api/reference' });
    expect(res.statusCode).toBe(200);
    const lists = ReferenceListsSchema.parse(res.json());
    expect(lists.sections).toEqual(['Dramatic Arts', 'Music', 'Visual Arts & Design', 'Dance']);
    expect(lists.grades.map((g) => g.value)).toEqual([
      'R',
      ...Array.from({ length: 12 }, (_, i) => String(i + 1)),
    ]);
    expect(lists.genders).toEqual(['male', 'female', 'other']);
    expect(lists.instruments).toHaveLength(10);
    expect(lists.countries).toHaveLength(195);
    expect(lists.countries.map((c) => c.name)).toContain(lists.defaultCountry);
    expect(lists.defaultCountry).toBe('South Africa');
    expect(lists.schools[0]).toBe('Other School');
    expect(lists.schools.length).toBeGreaterThanOrEqual(110);
  });
});
