import { FamilyDetailsSchema, type FamilyDetails, type Item } from '@eisteddfod/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoCollections, videoSlots } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems, groupMember } from '../../test/fixtures.ts';
import { multipartFile } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';

// Issue 34: the checks an organiser makes at the family desk: the contestant's photo (spec 4's
// uniform rule), a group entry's members, and no empty upload slot shown as a file.

const NOW = '2025-04-01T10:00:00.000Z';
let t: TestApp;
let items: Item[];
let organiser: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  items = await catalogueItems(t);
  organiser = await createStaff(t, 'organiser');
});
afterAll(() => t.close());

const page = async (familyId: number): Promise<FamilyDetails> => {
  const res = await organiser.call('GET', `/api/Staff/Families/${familyId}`);
  expect(res.statusCode, res.body).toBe(200);
  return FamilyDetailsSchema.parse(res.json());
};

/** A family whose contestant has a school photo, with a paid group entry. */
async function familyWithGroupEntry() {
  const f = await createFamily(t);
  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#1f3b73' },
  })
    .png()
    .toBuffer();
  const body = multipartFile('uniform.png', photo);
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/Uploads/NewUploadFiles',
    payload: body.payload,
    headers: { ...f.auth, ...body.headers, orderid: '0', orderitemid: '0', participantid: '0' },
  });
  expect(up.statusCode, up.body).toBe(200);
  const profile = await f.addContestant({ profilePicture: up.json<{ name: string }>().name });
  const item = items.find((i) => i.isGroupItem && i.minimumParticipants <= 3)!;
  const cart = await f.openCart();
  const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
    itemId: item.id,
    participantProfileId: profile,
    groupName: 'The Jacarandas',
  });
  expect(added.statusCode, added.body).toBe(201);
  const entryId = added.json<{ id: number }>().id;
  const members = Array.from({ length: Math.max(item.minimumParticipants, 2) }, (_, k) =>
    groupMember(k + 1),
  );
  const listed = await f.call(
    'POST',
    `/api/OrderItems/${entryId}/UpdateGroupParticipants`,
    members,
  );
  expect(listed.statusCode, listed.body).toBe(200);
  await f.payCart(cart);
  await t.app.payments.settle();
  return { f, entryId, members };
}

describe('the family desk shows what an organiser checks', () => {
  it("shows each contestant's photo through a signed link, to organisers only", async () => {
    const { f } = await familyWithGroupEntry();
    const [contestant] = (await page(f.id)).contestants;
    expect(contestant?.picture?.name).toBe('uniform.png');
    const link = contestant!.picture!.link!;
    expect(link).toMatch(/^\/api\/files\/.+\/picture\?expires=\d+&signature=/);
    const image = await t.app.inject({ url: link });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // Without its signature the picture is nobody's to see.
    expect((await t.app.inject({ url: link.replace(/\?.*$/, '') })).statusCode).not.toBe(200);
    // A family (even this one) and an adjudicator never get the desk's answer, nor its links.
    const adjudicator = await createStaff(t, 'adjudicator');
    expect((await adjudicator.call('GET', `/api/Staff/Families/${f.id}`)).statusCode).toBe(403);
    const other = await f.call('GET', `/api/Staff/Families/${f.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('/picture?');
  });

  it("lists a group entry's members with their grades", async () => {
    const { f, entryId, members } = await familyWithGroupEntry();
    const entry = (await page(f.id)).entries.find((e) => e.id === entryId)!;
    expect(entry.isGroupItem).toBe(true);
    expect(entry.groupMembers).toEqual(
      members.map((m) => ({
        name: `${m.firstName} ${m.surname}`,
        grade: m.grade,
        school: m.school,
      })),
    );
  });

  it('never shows a video slot no upload began on as a file of 0 KB that is uploading', async () => {
    const { f, entryId } = await familyWithGroupEntry();
    const { db } = t.database;
    const [collection] = await db
      .insert(videoCollections)
      .values({ customerId: f.id, orderItemId: entryId, name: String(entryId) })
      .returning();
    // The portal opened a slot for a video, then nothing was sent (spec 7, step 2).
    await db.insert(videoSlots).values({
      collectionId: collection!.id,
      customerId: f.id,
      orderItemId: entryId,
      title: 'New video',
    });
    // And a second one whose upload began: its bytes so far are not recorded.
    await db.insert(videoSlots).values({
      collectionId: collection!.id,
      customerId: f.id,
      orderItemId: entryId,
      title: 'New video',
      uploadId: `upload-${entryId}`,
      originalFileName: 'dance.mp4',
    });
    const files = (await page(f.id)).entries.find((e) => e.id === entryId)!.files;
    expect(files.map((x) => [x.state, x.name, x.sizeInBytes])).toEqual([
      ['empty', 'New video', null],
      ['uploading', 'dance.mp4', null],
    ]);
  });
});
