import { GalaSchema, WinnersPreviewSchema, type Item } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItemUploads } from '../../db/schema/index.ts';
import { createBunnyVideoHost } from '../../providers/video/bunny-video-host.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';
import { markedEntries } from './results-day.test-helpers.ts';

let t: TestApp;
let catalogue: Item[];

const BUNNY = {
  BUNNY_LIBRARY_ID: '4242',
  BUNNY_ACCESS_KEY: 'stream-key',
  BUNNY_API_URL: 'http://127.0.0.1:9',
};

/** A released event whose one winner's entries are Bunny-hosted videos (no embed token key). */
beforeAll(async () => {
  t = await createTestApp({ now: '2025-06-18T12:00:00Z', env: BUNNY });
  catalogue = await catalogueItems(t);
  const organiser = await createStaff(t, 'organiser');
  const family = await createFamily(t);
  const id = await family.addContestant({ firstName: 'Lindiwe', surname: 'Zulu', grade: '8' });
  const entries = await markedEntries(t, catalogue, family, id, 'Dance', [90, 90, 90, 90]);
  for (const [i, entry] of entries.entries())
    await t.database.db
      .update(orderItemUploads)
      .set({ videoId: `9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d1${i}`, servedKey: null })
      .where(eq(orderItemUploads.orderItemId, entry));
  const url = `/api/Staff/Events/${t.eventId}`;
  const { previewToken } = WinnersPreviewSchema.parse(
    (await organiser.call('GET', `${url}/Winners/Preview`)).json(),
  );
  expect(
    (await organiser.call('POST', `${url}/Winners/Confirm`, { previewToken })).statusCode,
  ).toBe(200);
  expect((await organiser.call('POST', `${url}/Release/Now`)).statusCode).toBe(200);
});
afterAll(() => t.close());

const gala = async () => {
  t.app.resultsDay.gala.forget(t.eventId);
  return GalaSchema.parse((await t.app.inject({ url: '/api/Gala' })).json());
};

describe('the gala showcase of Bunny-hosted videos', () => {
  it('leaves them out without the embed token key: an unsigned embed link never expires', async () => {
    const page = await gala();
    expect(page.winners.map((w) => w.name)).toEqual(['Lindiwe Z.']);
    expect(page.showcase).toEqual([]);
  });

  it("links Bunny's player signed to expire within the hour with the key, and no poster", async () => {
    const signing = createBunnyVideoHost({
      libraryId: BUNNY.BUNNY_LIBRARY_ID,
      accessKey: BUNNY.BUNNY_ACCESS_KEY,
      apiUrl: BUNNY.BUNNY_API_URL,
      embedUrl: 'https://iframe.mediadelivery.net/embed',
      embedTokenKey: 'embed-token-key',
    });
    // As BUNNY_EMBED_TOKEN_KEY would configure it (the host is built once, at start).
    const host = t.app.videoHost;
    const unsigned = host.publicEmbedUrl;
    host.publicEmbedUrl = signing.publicEmbedUrl;
    try {
      const [item] = (await gala()).showcase;
      expect(item).toMatchObject({ embed: true, posterUrl: null, kind: 'video' });
      const link = new URL(item!.url);
      expect(link.pathname).toBe('/embed/4242/9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10');
      expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
      const expires = Number(link.searchParams.get('expires'));
      const now = Date.parse('2025-06-18T12:00:00Z') / 1000;
      expect(expires).toBeGreaterThan(now);
      expect(expires).toBeLessThanOrEqual(now + 3600);
    } finally {
      host.publicEmbedUrl = unsigned;
    }
  });
});
