import type { StaffCatalogue } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

// Afrikaans offered whether or not LOCALES has it yet (decision 070).
vi.mock(import('../../../../../packages/shared/src/i18n/locales.ts'), async (original) => ({
  ...(await original()),
  LOCALES: ['en', 'af'] as never,
}));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const translationsTask = async () =>
  (await t.app.seasonTasks.tasks(() => true)).tasks.find((x) => x.id === 'translations');

describe('the task list’s texts not translated', () => {
  it('counts every untranslated text of the site and the catalogue, and one fewer once translated', async () => {
    const before = await translationsTask();
    expect(before).toMatchObject({ status: 'info' });
    expect(before?.count).toBeGreaterThan(100);
    expect(before?.examples[0]).toEqual({
      label: 'Afrikaans · Site',
      href: `/staff/events/${t.eventId}/content`,
    });

    const organiser = await createStaff(t, 'organiser');
    const base = `/api/Staff/Events/${t.eventId}`;
    const [category] = (await organiser.call('GET', `${base}/Catalogue`)).json<StaffCatalogue>()
      .categories;
    if (!category) throw new Error('no category');
    const res = await organiser.call('PUT', `${base}/Categories/${category.id}`, {
      name: category.name,
      section: category.section,
      translations: { af: { name: 'Afrikaanse naam' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await translationsTask())?.count).toBe((before?.count ?? 0) - 1);
  });
});
