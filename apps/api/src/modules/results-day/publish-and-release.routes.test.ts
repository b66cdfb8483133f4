import {
  GalaSchema,
  PublishOutcomeSchema,
  PublishPreviewSchema,
  ReleasePreviewSchema,
  ResultsReleaseSchema,
  type Item,
} from '@eisteddfod/shared';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, marks, outboxMessages } from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStaff, type Family } from '../adjudication/adjudication.test-helpers.ts';
import { RELEASE_SWEEP_JOB } from './results-day.module.ts';
import { confirmWinners, markedEntries, twoDanceWinners } from './results-day.test-helpers.ts';

/**
 * Issue 34: publishing marks and releasing the gala are separate acts. Two families, each with
 * a Dance winner (four submitted marks): Lindiwe (grade 8, consented to the terms) and Sipho
 * (grade 11, no consent). The clock starts on 31 March 2025, 79 days before the demo event's gala
 * (18 June 2025, Africa/Johannesburg, UTC+2), as on the day the defect was seen.
 */
let t: TestApp;
let catalogue: Item[];
let organiser: Awaited<ReturnType<typeof createStaff>>;
let lindiwe: { family: Family; id: number };

const RESULTS_SUBJECT = 'Your Online Eisteddfod results are out';

beforeAll(async () => {
  t = await createTestApp({ now: '2025-03-31T10:00:00Z' });
  catalogue = await catalogueItems(t);
  organiser = await createStaff(t, 'organiser');
  ({ lindiwe } = await twoDanceWinners(t, catalogue, organiser, { confirm: false }));
  // Nobody confirmed yet: the release would name no winners, and says so.
  expect((await releasePreview(organiser)).problems.map((p) => p.code)).toEqual([
    'WINNERS_UNCONFIRMED',
  ]);
  await confirmWinners(t, organiser);
});
afterAll(() => t.close());

const releaseUrl = () => `/api/Staff/Events/${t.eventId}/Release`;
type Organiser = Awaited<ReturnType<typeof createStaff>>;
const releasePreview = async (who: Organiser) => {
  const res = await who.call('GET', `${releaseUrl()}/Preview`);
  expect(res.statusCode, res.body).toBe(200);
  return ReleasePreviewSchema.parse(res.json());
};
const releaseState = async (who: Organiser) =>
  ResultsReleaseSchema.parse((await who.call('GET', releaseUrl())).json());
const gala = async () => {
  const res = await t.app.inject({ url: '/api/Gala' });
  expect(res.statusCode, res.body).toBe(200);
  return GalaSchema.parse(res.json());
};
const auditOf = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
const resultMessages = () =>
  t.database.db.select().from(outboxMessages).where(eq(outboxMessages.subject, RESULTS_SUBJECT));
const releasedAt = async () =>
  (
    await t.database.db
      .select({ at: events.resultsReleasedAt })
      .from(events)
      .where(eq(events.id, t.eventId))
  )[0]!.at;

describe('publishing every section by hand, 79 days before the gala', () => {
  it('tells the families their results and leaves the gala page saying when they come out', async () => {
    const scheduled = await organiser.call('PUT', releaseUrl(), { releaseTime: '18:00' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const before = await gala();
    const audience = await organiser.call(
      'GET',
      '/api/Staff/Results/Publish/Preview?section=Dance',
    );
    expect(audience.statusCode, audience.body).toBe(200);
    expect(PublishPreviewSchema.parse(audience.json())).toEqual({
      marks: 8,
      contestants: 2,
      families: 2,
      byEmail: 2,
      byWhatsApp: 0,
    });
    expect((await organiser.call('GET', '/api/Staff/Results/Publish/Preview')).json()).toEqual(
      audience.json(),
    );

    // One section, then "all sections" (the Results screen's two choices).
    const dance = await organiser.call('POST', '/api/Staff/Results/Publish', { section: 'Dance' });
    expect(dance.statusCode, dance.body).toBe(200);
    expect(PublishOutcomeSchema.parse(dance.json())).toMatchObject({
      published: 8,
      familiesNotified: 2,
    });
    const all = await organiser.call('POST', '/api/Staff/Results/Publish', {});
    expect(all.statusCode, all.body).toBe(200);
    expect(PublishOutcomeSchema.parse(all.json()).published).toBe(0);

    t.app.resultsDay.gala.forget(t.eventId);
    const after = await gala();
    expect(after).toEqual(before);
    expect(after).toMatchObject({
      released: false,
      releaseAt: '2025-06-18T16:00:00.000Z',
      sections: [],
      winners: [],
      showcase: [],
    });
    // No claim, no release line: the families' messages are the publication's alone.
    expect(await releasedAt()).toBeNull();
    expect(await auditOf('results.released')).toEqual([]);
    const published = await auditOf('results.published');
    expect(published.map((a) => (a.details as { released?: boolean }).released)).toEqual([
      false,
      false,
    ]);
    const state = ResultsReleaseSchema.parse((await organiser.call('GET', releaseUrl())).json());
    expect(state).toMatchObject({ releasedAt: null, releaseTime: '18:00', unpublishedMarks: 0 });
    const messages = await resultMessages();
    expect(messages).toHaveLength(2);
    expect(messages.some((m) => m.body.includes('Congratulations'))).toBe(false);
  });

  it('the sweep still releases the gala page at its time, and tells the winners then', async () => {
    t.setNow('2025-06-18T16:00:30Z');
    await t.app.jobs.send(RELEASE_SWEEP_JOB, {});
    await t.app.jobs.settled(RELEASE_SWEEP_JOB);
    expect((await releasedAt())?.toISOString()).toBe('2025-06-18T16:00:30.000Z');
    expect(await auditOf('results.released')).toHaveLength(1);
    const page = await gala();
    expect(page.released).toBe(true);
    expect(page.sections).toEqual([
      {
        section: 'Dance',
        entries: 8,
        medals: { DIPLOMA: 4, GOLD: 4, SILVER: 0, BRONZE: 0, MERIT: 0 },
      },
    ]);
    expect(page.winners.map((w) => w.name)).toEqual(['Lindiwe Z.', 'Name withheld']);
    // Their marks went out weeks ago; the winners' families are congratulated at the release.
    const congratulated = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.channel, 'email'));
    const told = congratulated.filter((m) => m.body.includes('Congratulations'));
    expect(told).toHaveLength(2);
    expect(told.map((m) => m.body).join('\n')).toContain(
      `Lindiwe Zulu is the Section Winner of Dance, Senior (Grades 7-9). The certificate is on the results page: ${t.app.config.PUBLIC_URL}/participant-profiles/${lindiwe.id}/results`,
    );
  });
});

describe('withdrawing the gala page', () => {
  let late: Organiser;

  it('within the grace period puts it back to saying when, with the messages left sent', async () => {
    t.setNow('2025-06-18T16:20:00Z');
    late = await createStaff(t, 'organiser');
    expect((await releaseState(late)).withdrawableUntil).toBe('2025-06-18T16:30:30.000Z');
    const sent = (await t.database.db.select().from(outboxMessages)).length;
    const res = await late.call('POST', `${releaseUrl()}/Withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    // The time passed is cleared: the sweep would release again at once.
    expect(ResultsReleaseSchema.parse(res.json())).toMatchObject({
      releasedAt: null,
      releaseTime: null,
      withdrawableUntil: null,
    });
    const page = await gala();
    expect(page).toMatchObject({ released: false, sections: [], winners: [], showcase: [] });
    const withdrawn = await auditOf('results.release_withdrawn');
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]).toMatchObject({
      actorCustomerId: late.id,
      details: { releasedAt: '2025-06-18T16:00:30.000Z', releaseTimeCleared: '18:00' },
    });
    await t.app.jobs.send(RELEASE_SWEEP_JOB, {});
    await t.app.jobs.settled(RELEASE_SWEEP_JOB);
    expect(await releasedAt()).toBeNull();
    expect((await t.database.db.select().from(outboxMessages)).length).toBe(sent);
    // Marks stay published: families keep their results.
    expect(await t.database.db.select().from(marks).where(isNull(marks.publishedAt))).toEqual([]);
    const again = await late.call('POST', `${releaseUrl()}/Withdraw`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'RELEASE_NOT_WITHDRAWABLE' });
  });

  it('"Release now" lists what becomes public, and asks again for what is missing', async () => {
    const ready = await releasePreview(late);
    expect(ready).toEqual({
      sections: [
        {
          section: 'Dance',
          entries: 8,
          medals: { DIPLOMA: 4, GOLD: 4, SILVER: 0, BRONZE: 0, MERIT: 0 },
        },
      ],
      winners: [
        { section: 'Dance', bandLabel: 'Senior (Grades 7-9)', name: 'Lindiwe Z.', score: 90 },
        { section: 'Dance', bandLabel: 'FET (Grades 10-12)', name: 'Name withheld', score: 82 },
      ],
      showcase: [expect.objectContaining({ section: 'Dance', name: 'Lindiwe Z.', kind: 'video' })],
      // Their marks are out: the winners' families are congratulated.
      told: { marks: 0, contestants: 2, families: 2, byEmail: 2, byWhatsApp: 0 },
      problems: [],
    });

    // Four new Music marks make a winner nobody confirmed; a fifth entry is a draft.
    const family = await createFamily(t);
    const ayanda = await family.addContestant({ firstName: 'Ayanda', surname: 'Dube', grade: '8' });
    await markedEntries(t, catalogue, family, ayanda, 'Music', [91, 91, 91, 91]);
    const [draft] = await markedEntries(t, catalogue, family, ayanda, 'Visual Arts & Design', [60]);
    await t.database.db.update(marks).set({ status: 'draft' }).where(eq(marks.orderItemId, draft!));

    const asked = await releasePreview(late);
    expect(asked.problems.map((p) => p.code)).toEqual([
      'WINNERS_NEED_CONFIRMING',
      'MARKING_INCOMPLETE',
    ]);
    expect(asked.problems[1]!.message).toBe(
      '1 entry is not marked yet (or only as a draft): its result is neither published nor counted.',
    );
    // The stale winners are not shown; Ayanda's family is told her four results.
    expect(asked.winners).toEqual([]);
    expect(asked.told).toEqual({
      marks: 4,
      contestants: 1,
      families: 1,
      byEmail: 1,
      byWhatsApp: 0,
    });

    const refused = await late.call('POST', `${releaseUrl()}/Now`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'RELEASE_NEEDS_ACKNOWLEDGEMENT' });
    expect(refused.json<{ message: string }>().message).toContain('no longer match the marks');
    expect(refused.json<{ message: string }>().message).toContain('1 entry is not marked yet');
    const partly = await late.call('POST', `${releaseUrl()}/Now`, {
      acknowledge: ['MARKING_INCOMPLETE'],
    });
    expect(partly.statusCode).toBe(409);
    expect(partly.json<{ message: string }>().message).toContain('no longer match the marks');
    expect(partly.json<{ message: string }>().message).not.toContain('not marked yet');
    expect(await releasedAt()).toBeNull();
    expect(await auditOf('results.released')).toHaveLength(1);

    const released = await late.call('POST', `${releaseUrl()}/Now`, {
      acknowledge: ['WINNERS_NEED_CONFIRMING', 'MARKING_INCOMPLETE'],
    });
    expect(released.statusCode, released.body).toBe(200);
    const lines = await auditOf('results.released');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.details).toMatchObject({
      acknowledged: ['WINNERS_NEED_CONFIRMING', 'MARKING_INCOMPLETE'],
    });
    expect((await gala()).released).toBe(true);
    const preview = await late.call('GET', `${releaseUrl()}/Preview`);
    expect(preview.statusCode).toBe(409);
  });

  it('is refused once the grace period is over', async () => {
    t.setNow('2025-06-18T16:49:00Z');
    const state = await releaseState(late);
    expect(state.releasedAt).toBe('2025-06-18T16:20:00.000Z');
    expect(state.withdrawableUntil).toBe('2025-06-18T16:50:00.000Z');
    t.setNow('2025-06-18T16:50:01Z');
    expect((await releaseState(late)).withdrawableUntil).toBeNull();
    const res = await late.call('POST', `${releaseUrl()}/Withdraw`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      'The gala page was released more than 30 minutes ago and can no longer be withdrawn.',
    );
    expect((await gala()).released).toBe(true);
  });
});
