import {
  CertificateVerificationSchema,
  GalaSchema,
  WinnersPreviewSchema,
  type Item,
} from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, groupParticipants } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff } from '../adjudication/adjudication.test-helpers.ts';
import { markedEntries } from '../results-day/results-day.test-helpers.ts';
import { createSchool, createTeacher } from '../school-classes/school-classes.test-helpers.ts';
import { consents, learnerWithParent, tokenSentTo } from './parent-invitations.test-helpers.ts';

/**
 * Until a parent consents, nothing of a learner a teacher entered is public (decision 061):
 * not their name on the gala page, not their entry in its showcase, not their name on the
 * public page a certificate's QR code opens (decision 063).
 */
let t: TestApp;
let parent: Awaited<ReturnType<typeof createFamily>>;
let token: string;
let entry: number;
const code = 'PRNT-0000-0001';

beforeAll(async () => {
  t = await createTestApp({ now: '2025-06-18T12:00:00Z' });
  const catalogue: Item[] = await catalogueItems(t);
  const organiser = await createStaff(t, 'organiser');
  const school = await createSchool(t);
  const teacher = await createTeacher(t, school.id);
  parent = await createFamily(t);
  const learner = await learnerWithParent(teacher, 'Palesa', parent.email);
  const entries = await markedEntries(t, catalogue, teacher, learner, 'Dance', [90, 90, 90, 90], {
    published: true,
  });
  entry = entries[0]!;
  await t.database.db.insert(certificates).values({
    orderItemId: entries[0]!,
    verificationCode: code,
    storageKey: 'certificates/palesa.pdf',
    fileName: 'palesa.pdf',
    firstName: 'Palesa',
    surname: 'Mokoena',
    school: school.name,
    itemCode: 'D1',
    itemTitle: 'Dance',
    total: 90,
    medal: 'Gold',
    eventName: 'Test Eisteddfod',
  });
  const url = `/api/Staff/Events/${t.eventId}`;
  const { previewToken } = WinnersPreviewSchema.parse(
    (await organiser.call('GET', `${url}/Winners/Preview`)).json(),
  );
  expect(
    (await organiser.call('POST', `${url}/Winners/Confirm`, { previewToken })).statusCode,
  ).toBe(200);
  expect((await organiser.call('POST', `${url}/Release/Now`)).statusCode).toBe(200);
  await teacher.call('POST', `${teacher.base}/Learners/${learner}/Invitation`);
  token = await tokenSentTo(t, parent.email);
});
afterAll(() => t.close());

const gala = async () => {
  t.app.resultsDay.gala.forget(t.eventId);
  return GalaSchema.parse((await t.app.inject({ url: '/api/Gala' })).json());
};
const verified = async () =>
  CertificateVerificationSchema.parse(
    (await t.app.inject({ url: `/api/Certificates/Verify/${code}` })).json(),
  );

describe("a learner's public traces before and after the parent's consent", () => {
  it('names nobody before the parent consents', async () => {
    const page = await gala();
    expect(page.winners.map((w) => w.name)).toEqual(['Name withheld']);
    expect(page.showcase).toEqual([]);
    const certificate = await verified();
    expect(certificate).toMatchObject({ valid: true, contestant: 'Name withheld', school: '' });
    const html = await t.app.inject({ url: `/certificates/verify/${code}` });
    expect(html.body).not.toContain('Palesa');
    expect(html.body).not.toContain('Mokoena');
  });

  it("names the child once the parent consented, as a family's child", async () => {
    const ok = await parent.call(
      'POST',
      `/api/Customers/${parent.id}/ParentInvitations/${token}/Accept`,
      consents,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await gala()).winners.map((w) => w.name)).toEqual(['Palesa M.']);
    expect(await verified()).toMatchObject({ contestant: 'Palesa Mokoena' });

    // A member of the class's group is another learner, whose parent's consent is not recorded
    // here: their certificate names nobody, though the group's lead is consented for.
    const [member] = await t.database.db
      .insert(groupParticipants)
      .values({
        orderItemId: entry,
        position: 0,
        firstName: 'Kagiso',
        surname: 'Member',
        school: 'Other School',
        gender: 'male',
        grade: '5',
      })
      .returning({ id: groupParticipants.id });
    const memberCode = 'PRNT-0000-0002';
    await t.database.db.insert(certificates).values({
      orderItemId: entry,
      groupParticipantId: member!.id,
      verificationCode: memberCode,
      storageKey: 'certificates/kagiso.pdf',
      fileName: 'kagiso.pdf',
      firstName: 'Kagiso',
      surname: 'Member',
      school: 'Other School',
      itemCode: 'D1',
      itemTitle: 'Dance',
      total: 90,
      medal: 'Gold',
      eventName: 'Test Eisteddfod',
    });
    const res = await t.app.inject({ url: `/api/Certificates/Verify/${memberCode}` });
    expect(CertificateVerificationSchema.parse(res.json())).toMatchObject({
      valid: true,
      contestant: 'Name withheld',
    });
  });
});
