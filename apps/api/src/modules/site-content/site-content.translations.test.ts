import type { EventContent, SiteContent } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

// Afrikaans offered whether or not LOCALES has it yet (decision 070).
vi.mock(import('../../../../../packages/shared/src/i18n/locales.ts'), async (original) => ({
  ...(await original()),
  LOCALES: ['en', 'af'] as never,
}));

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createStaff>>;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await createStaff(t, 'organiser');
  url = `/api/Staff/Events/${t.eventId}/Content`;
});
afterAll(async () => {
  await t.close();
});

const publicContent = async () =>
  (await t.app.inject({ url: '/api/content' })).json<{ content: EventContent }>().content;

describe('site content in Afrikaans', () => {
  it('publishes the title, a question and a bio in Afrikaans beside the unchanged English', async () => {
    const current = (await organiser.call('GET', url)).json<SiteContent>();
    const [q1, ...rest] = current.faq;
    const [a1, ...others] = current.adjudicators;
    if (!q1 || !a1) throw new Error('no FAQ or adjudicator');
    const res = await organiser.call('PUT', url, {
      ...current,
      translations: { af: { title: 'Eisteddfod in Afrikaans', intro: ' ' } },
      faq: [
        { ...q1, translations: { af: { question: 'Wanneer?', answer: 'In Junie.' } } },
        ...rest,
      ],
      adjudicators: [{ ...a1, translations: { af: { bio: ['Gebore in Pretoria.'] } } }, ...others],
    });
    expect(res.statusCode, res.body).toBe(200);

    const content = await publicContent();
    expect(content.title).toBe(current.title);
    expect(content.translations).toEqual({ af: { title: 'Eisteddfod in Afrikaans' } });
    expect(content.faq[0]).toMatchObject({ question: q1.question, answer: q1.answer });
    expect(content.faq[0]?.translations).toEqual({
      af: { question: 'Wanneer?', answer: 'In Junie.' },
    });
    expect(content.adjudicators[0]?.translations).toEqual({ af: { bio: ['Gebore in Pretoria.'] } });
    expect((await organiser.call('GET', url)).json<SiteContent>().translations).toEqual({
      af: { title: 'Eisteddfod in Afrikaans' },
    });
  });

  it("keeps the title's translation when the previous release's page publishes without it", async () => {
    const { translations: _t, ...previous } = (
      await organiser.call('GET', url)
    ).json<SiteContent>();
    const res = await organiser.call('PUT', url, { ...previous, intro: 'New introduction' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicContent()).translations).toEqual({
      af: { title: 'Eisteddfod in Afrikaans' },
    });
  });

  it('refuses a language the product does not speak', async () => {
    const current = (await organiser.call('GET', url)).json<SiteContent>();
    const res = await organiser.call('PUT', url, {
      ...current,
      translations: { de: { title: 'X' } },
    });
    expect(res.statusCode).toBe(400);
  });
});
