import {
  ConfirmedWinnersSchema,
  ContestantResultsSchema,
  GalaSchema,
  ResultsReleaseSchema,
  WinnersPreviewSchema,
  type Item,
} from '@eisteddfod/shared';
import { eq, isNull } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  events,
  marks,
  orderItems,
  orderItemUploads,
  outboxMessages,
} from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../../test/test-app.ts';
import { createStaff, type Family } from '../adjudication/adjudication.test-helpers.ts';
import { CERTIFICATES_JOB } from './certificates.service.ts';
import { RELEASE_SWEEP_JOB } from './results-day.module.ts';
import { markedEntries, twoDanceWinners } from './results-day.test-helpers.ts';

let t: TestApp;
let catalogue: Item[];
let organiser: Awaited<ReturnType<typeof createStaff>>;
let lindiwe: { family: Family; id: number };
let sipho: { family: Family; id: number };

const RESULTS_SUBJECT = 'Your Online Eisteddfod results are out';

/**
 * Two families, each with a Dance winner whose four marks are submitted, not published: Lindiwe
 * (grade 8, consented to the terms) and Sipho (grade 11, whose profile has no consent). The
 * demo event's gala date is 18 June 2025, in Africa/Johannesburg (UTC+2); the clock starts that
 * morning (moving it days on would end the sessions).
 */
beforeAll(async () => {
  t = await createTestApp({ now: '2025-06-18T12:00:00Z' });
  catalogue = await catalogueItems(t);
  organiser = await createStaff(t, 'organiser');
  ({ lindiwe, sipho } = await twoDanceWinners(t, catalogue, organiser, { school: 'Hilton' }));
});
afterAll(() => t.close());

const releaseUrl = () => `/api/Staff/Events/${t.eventId}/Release`;
const gala = async () => {
  const res = await t.app.inject({ url: '/api/Gala' });
  expect(res.statusCode, res.body).toBe(200);
  return GalaSchema.parse(res.json());
};
const resultsOf = async (who: { family: Family; id: number }) => {
  const res = await who.family.call('GET', `/api/ParticipantProfiles/${who.id}/Results`);
  expect(res.statusCode, res.body).toBe(200);
  return ContestantResultsSchema.parse(res.json());
};
const resultMessages = () =>
  t.database.db.select().from(outboxMessages).where(eq(outboxMessages.subject, RESULTS_SUBJECT));
const runSweepJob = async () => {
  await t.app.jobs.send(RELEASE_SWEEP_JOB, {});
  await t.app.jobs.settled(RELEASE_SWEEP_JOB);
};

describe('before the release', () => {
  it('the gala page says only when, and a family sees entries without results', async () => {
    const before = await gala();
    expect(before).toMatchObject({ released: false, releaseAt: null, galaDate: '2025-06-18' });
    expect([before.sections, before.winners, before.showcase]).toEqual([[], [], []]);
    const page = await resultsOf(lindiwe);
    expect(page.released).toBe(false);
    expect(page.entries).toHaveLength(4);
    expect(page.entries.every((e) => !e.published && e.total === null && e.medal === null)).toBe(
      true,
    );
    // Finalised and marked: sent, waiting for the release (decision 043).
    expect(page.entries.map((e) => e.markingState)).toEqual(['sent', 'sent', 'sent', 'sent']);
    expect(page.titles).toEqual([]);
  });

  it("a family's data archive and the public check do not tell a win before the release", async () => {
    const confirmed = ConfirmedWinnersSchema.parse(
      (await organiser.call('GET', `/api/Staff/Events/${t.eventId}/Winners`)).json(),
    );
    const code = confirmed.winners.find((w) => w.contestantId === lindiwe.id)!.certificate!
      .verificationCode;
    const res = await lindiwe.family.call('GET', `/api/Customers/${lindiwe.family.id}/DataArchive`);
    expect(res.statusCode, res.body).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(zip).filter((n) => n.startsWith('files/certificates/'))).toEqual([]);
    const data = strFromU8(zip['data.json']!);
    expect(data).not.toContain(code);
    expect(data).not.toContain('Winner');
    const check = await t.app.inject({ url: `/api/Certificates/Verify/${code}` });
    expect(check.statusCode).toBe(404);
    const page = await t.app.inject({ url: `/certificates/verify/${code}` });
    expect(page.statusCode).toBe(404);
  });

  it('organisers schedule it at a time of day on the gala date, in the event’s time zone', async () => {
    const bad = await organiser.call('PUT', releaseUrl(), { releaseTime: '24:00' });
    expect(bad.statusCode).toBe(400);
    // 14:00 in Johannesburg: a time already past would be released by the next sweep, unasked.
    const past = await organiser.call('PUT', releaseUrl(), { releaseTime: '13:00' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'RELEASE_TIME_PASSED' });
    expect(
      ResultsReleaseSchema.parse((await organiser.call('GET', releaseUrl())).json()),
    ).toMatchObject({ releaseTime: null });
    const res = await organiser.call('PUT', releaseUrl(), { releaseTime: '18:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ResultsReleaseSchema.parse(res.json())).toMatchObject({
      timeZone: 'Africa/Johannesburg',
      galaDate: '2025-06-18',
      releaseTime: '18:00',
      releaseAt: '2025-06-18T16:00:00.000Z',
      releasedAt: null,
      unpublishedMarks: 8,
      now: '2025-06-18T12:00:00.000Z',
    });
    expect((await gala()).releaseAt).toBe('2025-06-18T16:00:00.000Z');
  });

  it('the job long after the time releases nothing: a missed release is left to an organiser', async () => {
    t.setNow('2025-06-18T17:30:00Z');
    await runSweepJob();
    expect(await t.app.resultsDay.release.releaseDue()).toBe(0);
    expect((await gala()).released).toBe(false);
  });

  it('the job before the time releases nothing', async () => {
    t.setNow('2025-06-18T15:59:00Z');
    await runSweepJob();
    expect((await gala()).released).toBe(false);
    expect(await resultMessages()).toEqual([]);
  });
});

describe('the release', () => {
  it('happens once when its time has passed, however many times the job runs', async () => {
    t.setNow('2025-06-18T16:00:30Z');
    const other = await t.anotherInstance();
    // Two instances' sweeps and the job at once: each reads the event as due, one claims it.
    const [here, there] = await Promise.all([
      t.app.resultsDay.release.releaseDue(),
      other.resultsDay.release.releaseDue(),
      runSweepJob(),
    ]);
    expect(here + there).toBeLessThanOrEqual(1);
    await runSweepJob();
    // The publication itself, asked again for the event: nothing more.
    expect(await t.app.resultsDay.results.release(t.eventId, null)).toBeUndefined();

    const state = ResultsReleaseSchema.parse((await organiser.call('GET', releaseUrl())).json());
    expect(state.releasedAt).toBe('2025-06-18T16:00:30.000Z');
    expect(state.unpublishedMarks).toBe(0);
    expect(await t.database.db.select().from(marks).where(isNull(marks.publishedAt))).toEqual([]);
    const released = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'results.released'));
    expect(released).toHaveLength(1);
    expect(released[0]!.actorCustomerId).toBeNull();
    // One message per family.
    const messages = await resultMessages();
    expect(messages).toHaveLength(2);
    expect(new Set(messages.map((m) => m.recipient)).size).toBe(2);
    // Each tells its own winner's title, with the family's results page.
    const told = messages.map((m) => m.body).join('\n');
    expect(told).toMatch(
      new RegExp(
        `Congratulations: Lindiwe Zulu is the Section Winner of Dance, Senior \\(Grades 7-9\\)\\. The certificate is on the results page: http\\S+/participant-profiles/${lindiwe.id}/results`,
      ),
    );
    expect(messages.filter((m) => m.body.includes('Congratulations'))).toHaveLength(2);
  });

  it('cannot happen again by hand, nor be rescheduled', async () => {
    const now = await organiser.call('POST', `${releaseUrl()}/Now`);
    expect(now.statusCode).toBe(409);
    expect(now.json()).toMatchObject({ code: 'RESULTS_ALREADY_RELEASED' });
    const moved = await organiser.call('PUT', releaseUrl(), { releaseTime: '19:00' });
    expect(moved.statusCode).toBe(409);
  });
});

describe('after the release', () => {
  it('the gala page shows medals, winners by first name and initial, and consented entries only', async () => {
    const after = await gala();
    expect(after.released).toBe(true);
    expect(after.sections).toEqual([
      {
        section: 'Dance',
        entries: 8,
        medals: { DIPLOMA: 4, GOLD: 4, SILVER: 0, BRONZE: 0, MERIT: 0 },
      },
    ]);
    expect(after.winners).toEqual([
      { section: 'Dance', bandLabel: 'Senior (Grades 7-9)', name: 'Lindiwe Z.', score: 90 },
      { section: 'Dance', bandLabel: 'FET (Grades 10-12)', name: 'Name withheld', score: 82 },
    ]);
    expect(after.showcase).toHaveLength(1);
    expect(after.showcase[0]).toMatchObject({
      name: 'Lindiwe Z.',
      kind: 'video',
      embed: false,
      medal: 'DIPLOMA',
    });
    expect(after.showcase[0]!.url).toMatch(/^\/media\/uploads\/\d+\?blind=1&expires=/);
    // Nothing names the contestants beyond that: no surname, school or stored file name.
    const text = JSON.stringify(after);
    for (const hidden of ['Zulu', 'Sipho', 'Hilton', 'Named_Contestant'])
      expect(text).not.toContain(hidden);
    const file = await t.app.inject({ url: after.showcase[0]!.url });
    expect(file.headers['content-disposition'] ?? '').not.toContain('Named');
  });

  it('the showcase leaves out a file with no cleaned copy: unchecked, or a type with no cleaner', async () => {
    const theirs = await t.database.db
      .select({ id: orderItemUploads.id, orderItemId: orderItemUploads.orderItemId })
      .from(orderItemUploads)
      .innerJoin(orderItems, eq(orderItems.id, orderItemUploads.orderItemId))
      .where(eq(orderItems.participantProfileId, lindiwe.id));
    const set = async (values: Partial<typeof orderItemUploads.$inferInsert>) => {
      for (const u of theirs)
        await t.database.db
          .update(orderItemUploads)
          .set(values)
          .where(eq(orderItemUploads.id, u.id));
      t.app.resultsDay.gala.forget(t.eventId);
    };
    try {
      // The original, its metadata and all: a .doc processing accepts as it is.
      await set({ servedKey: null, servedFileExtension: null, processingState: 'ready' });
      expect((await gala()).showcase).toEqual([]);
      await set({ processingState: 'unchecked' });
      expect((await gala()).showcase).toEqual([]);
    } finally {
      await set({
        processingState: 'ready',
        servedFileExtension: 'mp4',
      });
      for (const u of theirs)
        await t.database.db
          .update(orderItemUploads)
          .set({ servedKey: `entries/${u.orderItemId}/rendition.mp4` })
          .where(eq(orderItemUploads.id, u.id));
      t.app.resultsDay.gala.forget(t.eventId);
    }
    expect((await gala()).showcase).toHaveLength(1);
  });

  it("a family sees all of its contestant's results, certificates and title; no one else does", async () => {
    await t.app.jobs.settled(CERTIFICATES_JOB);
    const page = await resultsOf(lindiwe);
    expect(page.released).toBe(true);
    expect(page.entries).toHaveLength(4);
    for (const entry of page.entries) {
      expect(entry).toMatchObject({
        published: true,
        total: 90,
        medal: 'DIPLOMA',
        comment: 'Comment 90',
      });
      expect(entry.certificates).toHaveLength(1);
    }
    expect(page.titles).toEqual([
      expect.objectContaining({ section: 'Dance', bandLabel: 'Senior (Grades 7-9)', score: 90 }),
    ]);
    const title = page.titles[0]!.certificate!;
    const pdf = await t.app.inject({ url: title.url });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The share link is the public check, which shows what the certificate shows and no more.
    const check = await t.app.inject({
      url: `/api/Certificates/Verify/${title.verificationCode}`,
    });
    expect(Object.keys(check.json()).sort()).toEqual(
      [
        'award',
        'contestant',
        'eventName',
        'issuedAt',
        'itemCode',
        'itemTitle',
        'medal',
        'school',
        'total',
        'valid',
      ].sort(),
    );
    expect(check.body).not.toMatch(/"grade"|@|mobile|customer/i);

    expect(check.json()).toMatchObject({
      valid: true,
      award: 'Section Winner: Dance, Senior (Grades 7-9)',
    });
    const archive = await lindiwe.family.call(
      'GET',
      `/api/Customers/${lindiwe.family.id}/DataArchive`,
    );
    expect(strFromU8(unzipSync(new Uint8Array(archive.rawPayload))['data.json']!)).toContain(
      title.verificationCode,
    );

    const someoneElse = await sipho.family.call(
      'GET',
      `/api/ParticipantProfiles/${lindiwe.id}/Results`,
    );
    expect(someoneElse.statusCode).toBe(404);
    expect(someoneElse.json()).toMatchObject({ code: 'PROFILE_NOT_FOUND' });
    const anonymous = await t.app.inject({ url: `/api/ParticipantProfiles/${lindiwe.id}/Results` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('winners confirmed after the release', () => {
  it('rest on published marks only: four late marks not yet published do not make a winner', async () => {
    const family = await createFamily(t);
    const thandi = await family.addContestant({
      firstName: 'Thandi',
      surname: 'Nkosi',
      grade: '8',
    });
    await markedEntries(t, catalogue, family, thandi, 'Dance', [95, 95, 95, 95]);
    const preview = WinnersPreviewSchema.parse(
      (await organiser.call('GET', `/api/Staff/Events/${t.eventId}/Winners/Preview`)).json(),
    );
    expect(preview.unpublishedMarks).toBe(4);
    const senior = preview.bands.find((b) => b.band.name === 'Senior')!;
    expect(senior.candidates.filter((c) => c.isWinner).map((c) => c.contestant)).toEqual([
      'Lindiwe Zulu',
    ]);
    const res = await organiser.call('POST', `/api/Staff/Events/${t.eventId}/Winners/Confirm`, {
      previewToken: preview.previewToken,
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = (await gala()).winners.map((w) => w.name);
    expect(names).not.toContain('Thandi N.');
    expect(names).toContain('Lindiwe Z.');
  });
});

describe("next year's event", () => {
  it("copies the rule, not the release time nor this year's release or winners; it is not swept", async () => {
    const res = await organiser.call('POST', `/api/Staff/Events/${t.eventId}/Copy`, {
      name: 'Online Eisteddfod 2026',
      year: 2026,
      shiftDays: 364,
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<{ id: number }>().id;
    const release = ResultsReleaseSchema.parse(
      (await organiser.call('GET', `/api/Staff/Events/${copy}/Release`)).json(),
    );
    expect(release).toMatchObject({
      galaDate: '2026-06-17',
      releaseTime: null,
      releasedAt: null,
    });
    // Scheduled, its dates cannot be moved so that the release time has passed.
    const scheduled = await organiser.call('PUT', `/api/Staff/Events/${copy}/Release`, {
      releaseTime: '18:00',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const moved = await organiser.call('POST', `/api/Staff/Events/${copy}/ShiftDates`, {
      days: -400,
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'RELEASE_TIME_PASSED' });
    // Nor does the sweep release an event that is not live, even one whose time has just come.
    await t.database.db
      .update(events)
      .set({ galaAwards: '2025-06-18', resultsReleaseTime: '18:00' })
      .where(eq(events.id, copy));
    t.setNow('2025-06-18T16:10:00Z');
    expect(await t.app.resultsDay.release.releaseDue()).toBe(0);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, copy));
    expect(row!.resultsReleasedAt).toBeNull();
    const winners = ConfirmedWinnersSchema.parse(
      (await organiser.call('GET', `/api/Staff/Events/${copy}/Winners`)).json(),
    );
    expect(winners).toEqual({ confirmedAt: null, winners: [] });
  });
});

describe('the test clock', () => {
  it('moves a test server’s clock and runs the release sweep', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { now: '2025-06-19T08:00:00Z' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ now: '2025-06-19T08:00:00.000Z' });
    expect((await t.app.inject({ url: '/api/dev/clock' })).json()).toEqual({
      now: '2025-06-19T08:00:00.000Z',
    });
  });

  it('does not exist in production or development', async () => {
    for (const env of [PRODUCTION_ENV, { NODE_ENV: 'development' }]) {
      const other = await createTestApp({ env });
      try {
        const set = await other.app.inject({
          method: 'POST',
          url: '/api/dev/clock',
          payload: { now: '2030-01-01T00:00:00Z' },
        });
        expect(set.statusCode).not.toBe(200);
        expect([401, 404]).toContain(set.statusCode);
        expect((await other.app.inject({ url: '/api/dev/clock' })).statusCode).not.toBe(200);
      } finally {
        await other.close();
      }
    }
  }, 180_000);
});
