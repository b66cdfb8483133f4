import type { AuditPage, EventContent, SiteContent, SiteImage } from '@eisteddfod/shared';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { multipartFile } from '../../test/multipart.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

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

/** A photo as a phone takes it: a JPEG carrying EXIF metadata. */
const photo = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#6a2c91' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'A phone', ImageDescription: 'Taken at home' } })
    .toBuffer();

const upload = (kind: string, fileName: string, data: Buffer, auth = organiser.auth) => {
  const { payload, headers } = multipartFile(fileName, data);
  return t.app.inject({
    method: 'POST',
    url: `${url}/Images?kind=${kind}`,
    payload,
    headers: { ...headers, ...auth },
  });
};

const publicContent = async () =>
  (await t.app.inject({ url: '/api/content' })).json<{ content: EventContent }>().content;

describe('site content', () => {
  it('is organisers only: a family gets 404, an adjudicator 403, no one signed in 401', async () => {
    const family = await createFamily(t);
    const adjudicator = await createStaff(t, 'adjudicator');
    for (const method of ['GET', 'PUT'] as const) {
      const body = method === 'PUT' ? { title: 'x', intro: 'y', faq: [] } : undefined;
      expect((await family.call(method, url, body)).statusCode).toBe(404);
      expect((await adjudicator.call(method, url, body)).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode).toBe(401);
    }
    const png = await photo(40, 40);
    expect((await upload('portrait', 'a.png', png, family.auth)).statusCode).toBe(404);
    expect((await upload('portrait', 'a.png', png, adjudicator.auth)).statusCode).toBe(403);
    expect((await upload('portrait', 'a.png', png, {} as typeof organiser.auth)).statusCode).toBe(
      401,
    );
  });

  it('publishes a new FAQ entry first: the home page and the FAQ document show it at once', async () => {
    const current = (await organiser.call('GET', url)).json<SiteContent>();
    expect(current.faq.length).toBeGreaterThanOrEqual(5);
    // Read once, so that the cached copies (snapshot, document) exist before the change.
    await t.app.inject({ url: '/api/content' });
    await t.app.inject({ url: '/api/documents/faq.pdf' });

    const faq = [
      { question: 'Can a school enter a whole class?', answer: 'Yes: as a group item.' },
      ...current.faq,
    ];
    const res = await organiser.call('PUT', url, { ...current, faq });
    expect(res.statusCode, res.body).toBe(200);

    const site = (await t.app.inject({ url: '/api/content' })).json<{
      content: { faq: { question: string }[]; artworks: unknown[] };
    }>();
    expect(site.content.faq[0]?.question).toBe('Can a school enter a whole class?');
    // The rest of the content stays.
    expect(site.content.artworks).toHaveLength(3);
    const doc = await t.app.inject({ url: '/api/documents/faq.pdf' });
    const text = pdfText(doc.rawPayload);
    expect(text).toContain('Can a school enter a whole class?');

    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'content.publish'));
    expect(line?.details).toMatchObject({ before: { faq: current.faq }, after: { faq } });
  });

  it('keeps five questions for the home page, and refuses empty ones', async () => {
    const current = (await organiser.call('GET', url)).json<SiteContent>();
    const few = await organiser.call('PUT', url, { ...current, faq: current.faq.slice(0, 4) });
    expect(few.statusCode).toBe(400);
    const blank = await organiser.call('PUT', url, {
      ...current,
      faq: [{ question: ' ', answer: 'x' }, ...current.faq],
    });
    expect(blank.statusCode).toBe(400);
  });
});

describe('site pictures', () => {
  it('re-encodes an upload as a WebP of its place, without its metadata, served to everyone', async () => {
    const res = await upload('portrait', 'IMG_0001.JPG', await photo());
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<SiteImage>();
    expect(image.image).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(image.url).toBe(`/api/site-images/${image.image}`);

    // Anyone may see it (the home page is public), and it never changes under its name.
    const served = await t.app.inject({ url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 320 });
    expect(meta.exif).toBeUndefined();
    // Served before any publish names it: who uploaded it is in the log.
    const log = (
      await organiser.call('GET', '/api/Staff/AuditLog?action=content.image_upload')
    ).json<AuditPage>();
    expect(log.entries[0]).toMatchObject({
      actor: expect.stringMatching(/^Olwethu Staff\d+$/),
      details: { image: image.image, kind: 'portrait' },
    });

    const artwork = (await upload('artwork', 'big.png', await photo(4000, 2500))).json<SiteImage>();
    const served2 = await t.app.inject({ url: artwork.url });
    expect(await sharp(served2.rawPayload).metadata()).toMatchObject({ width: 1920, height: 1200 });
  });

  it('refuses what is not a picture, SVG above all, and a picture too large', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const refused = await upload('logo', 'crest.svg', svg);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      message:
        'Please choose a JPEG, PNG or WebP picture. Other files, SVG and HEIC included, cannot be used.',
    });
    // The same bytes under a picture's name are no better.
    expect((await upload('logo', 'crest.png', svg)).statusCode).toBe(415);
    // Nor a HEIC (an ftyp box of brand heic): its decoder has no limits of its own.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic', 'latin1'),
      Buffer.alloc(2000, 0),
    ]);
    expect((await upload('portrait', 'IMG_0002.HEIC', heic)).json()).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
    });
    // A PNG's first bytes on something that is not a picture: the decoding finds it out.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2000, 7),
    ]);
    const unreadable = await upload('logo', 'crest.png', fake);
    expect(unreadable.statusCode).toBe(415);
    expect(unreadable.json()).toMatchObject({ code: 'UNREADABLE_PICTURE' });
    const big = await upload('artwork', 'huge.jpg', Buffer.alloc(11 * 1024 * 1024, 0xff));
    expect(big.statusCode).toBe(413);
    expect((await upload('banner', 'a.png', await photo(40, 40))).statusCode).toBe(400);
  });

  it('serves only the pictures uploaded for the site, by their own names', async () => {
    for (const name of [
      '..%2F..%2Fauth-secret',
      '..%2Fpictures%2F1%2Fx.jpg',
      'passwd',
      '00000000-0000-0000-0000-000000000000.webp',
    ]) {
      const res = await t.app.inject({ url: `/api/site-images/${name}` });
      expect([400, 404], `${name}: ${res.statusCode}`).toContain(res.statusCode);
    }
    expect(
      (await t.app.inject({ url: '/api/site-images/00000000-0000-0000-0000-000000000000.webp' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('publishing the gallery, the schools and the adjudicators', () => {
  it('adds, edits, removes and reorders them in one publish; the bio PDFs follow', async () => {
    const current = (await organiser.call('GET', url)).json<SiteContent>();
    expect(current.artworks).toHaveLength(3);
    expect(current.participatingSchools).toHaveLength(12);
    expect(current.adjudicators.map((a) => a.slug)).toContain('naledi-khumalo');
    // Made once before the change, so that a stale copy would show.
    await t.app.inject({ url: '/api/documents/adjudicators/naledi-khumalo.pdf' });

    const portrait = (
      await upload('portrait', 'thandi.png', await photo(500, 700))
    ).json<SiteImage>();
    const logo = (await upload('logo', 'crest.png', await photo(300, 300))).json<SiteImage>();
    const art = (await upload('artwork', 'art.jpg', await photo())).json<SiteImage>();
    const [first, second, third] = current.artworks;
    const [naledi, ...others] = current.adjudicators;
    const edit: SiteContent = {
      ...current,
      // The third first, the first gone, a new one last.
      artworks: [
        third!,
        second!,
        {
          title: 'Harbour Lights',
          artist: 'Zoe P., Grade 10',
          alt: 'Boats at night.',
          image: art.image,
        },
      ],
      participatingSchools: [
        { name: 'Umhlanga Ridge Primary', logo: logo.image },
        ...current.participatingSchools.slice(0, 5),
      ],
      adjudicators: [
        ...others,
        { ...naledi!, bio: ['Naledi Khumalo now chairs the drama panel.'] },
        {
          name: 'Ms Thandi Mokoena',
          discipline: 'Dance',
          summary: 'Choreographer.',
          bio: ['Thandi Mokoena trained in Durban.', 'She teaches contemporary dance.'],
          portrait: portrait.image,
        },
      ],
    };
    const res = await organiser.call('PUT', url, edit);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<SiteContent>();
    expect(saved.adjudicators.map((a) => a.slug)).toEqual([
      ...others.map((a) => a.slug),
      'naledi-khumalo',
      'ms-thandi-mokoena',
    ]);

    const site = await publicContent();
    expect(site.artworks.map((a) => a.title)).toEqual([
      third!.title,
      second!.title,
      'Harbour Lights',
    ]);
    expect(site.artworks.some((a) => a.title === first!.title)).toBe(false);
    expect(site.participatingSchools).toHaveLength(6);
    expect(site.participatingSchools[0]).toEqual({
      name: 'Umhlanga Ridge Primary',
      logo: logo.image,
    });
    expect(site.adjudicators.at(-1)).toMatchObject({
      slug: 'ms-thandi-mokoena',
      portrait: portrait.image,
    });
    // The rest of the content stays.
    expect(site.categories).toHaveLength(4);

    const naledisBio = await t.app.inject({
      url: '/api/documents/adjudicators/naledi-khumalo.pdf',
    });
    expect(pdfText(naledisBio.rawPayload)).toContain('now chairs the drama panel');
    const newBio = await t.app.inject({ url: '/api/documents/adjudicators/ms-thandi-mokoena.pdf' });
    expect(newBio.statusCode).toBe(200);
    expect(pdfText(newBio.rawPayload)).toContain('She teaches contemporary dance.');

    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'content.publish'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(line?.details).toMatchObject({
      before: { artworks: current.artworks, adjudicators: current.adjudicators },
      after: { artworks: edit.artworks, participatingSchools: edit.participatingSchools },
    });

    // An adjudicator removed: their bio is gone with them.
    const fewer = await organiser.call('PUT', url, {
      ...saved,
      adjudicators: saved.adjudicators.filter((a) => a.slug !== 'ms-thandi-mokoena'),
    });
    expect(fewer.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/documents/adjudicators/ms-thandi-mokoena.pdf' })).statusCode,
    ).toBe(404);
  });

  it('refuses a picture that was not uploaded, and empty lists', async () => {
    const current = (await organiser.call('GET', url)).json<SiteContent>();
    const [school, ...rest] = current.participatingSchools;
    for (const logo of ['made-up.svg', '11111111-1111-1111-1111-111111111111.webp', '../x.png']) {
      const res = await organiser.call('PUT', url, {
        ...current,
        participatingSchools: [{ ...school!, logo }, ...rest],
      });
      expect(res.statusCode, logo).toBe(400);
    }
    const none = await organiser.call('PUT', url, { ...current, artworks: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: expect.stringContaining('Keep at least one artwork'),
    });
  });
});
