import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Client } from './cluster/client.ts';
import { ORGANISER_EMAIL, S3_PREFIX, startCluster, type Cluster } from './cluster/cluster.ts';
import { waitFor, type ApiInstance } from './cluster/instances.ts';
import {
  addContestant,
  addEntry,
  finalise,
  inviteAdjudicator,
  markEverything,
  openVideoSlot,
  payCart,
  pdf,
  registerFamily,
  signIn,
  tusHeaders,
  uploadEntryFile,
  type Family,
} from './cluster/journey.ts';
import { postgresProblem, redisProblem } from './cluster/services.ts';
import { png, recording } from './test-files.ts';

// Issue 15, "done means": two API instances behind a round-robin proxy on one PostgreSQL, Redis
// and S3-compatible bucket. A family's whole journey runs through it, its requests alternating
// between the instances; a 50 MB tus upload alternates PATCHes between them, one instance is
// killed mid-way and the upload still completes byte for byte; a publication makes every
// certificate exactly once; every outbox message is delivered exactly once. Everything goes
// through the real API over HTTP (the journeys' screens have their own specs).

/** A real recording of about 50 MB (20 s of noise at 20 Mbit/s): processing must read it. */
const VIDEO = { bytes: 50 * 1024 * 1024, seconds: 20 };
/** Under S3's 5 MiB part minimum, so the tus store keeps `.part` objects between PATCHes too. */
const PATCH_BYTES = 5_000_000;
/** An instance dies once this much has arrived: after four PATCHes, about 40% of the file. */
const CRASH_AT = 4 * PATCH_BYTES;

let cluster: Cluster | undefined;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

test.beforeAll(async () => {
  const testInfo = test.info();
  test.skip(testInfo.project.name !== 'desktop', 'One cluster is enough: it has no screen size');
  const missing = (await postgresProblem()) ?? (await redisProblem());
  test.skip(missing !== undefined, `The cluster needs PostgreSQL and Redis: ${missing}`);
  test.setTimeout(120_000);
  cluster = await startCluster(testInfo.outputPath('cluster.log'));
});

test.afterAll(async () => {
  await cluster?.stop();
  cluster = undefined;
});

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('cluster.log', { path: testInfo.outputPath('cluster.log') });
  }
});

type Entry = { id: number; itemCode: string; orderItemUploads: EntryFile[] };
type EntryFile = {
  id: number;
  fileName: string;
  originalFileName: string;
  sizeInBytes: number;
  isVideo: boolean;
  uploadType: number;
};

/** The contestant's entries as the uploads portal lists them. */
async function portal(family: Family, contestantId: number): Promise<Entry[]> {
  const page = await family.client.call<{ items: Entry[] }>(
    'GET',
    `/api/OrderItems/ParticipantOrderItems?participantId=${contestantId}&take=50`,
  );
  return page.items;
}

/** Waits until every outbox message is sent; fails at once on a message that failed. */
async function outboxDrained(c: Cluster) {
  await waitFor('the outbox to drain', async () => {
    const rows = await c.database.query<{ status: string; n: number; error: string | null }>(
      `select status, count(*)::int as n, max(last_error) as error
         from outbox_messages group by status`,
    );
    const failed = rows.find((r) => r.status === 'failed');
    if (failed) throw new Error(`${failed.n} outbox messages failed: ${failed.error}`);
    return rows.every((r) => r.status === 'sent') ? rows : undefined;
  });
}

test('a cluster of two instances: a family journey, a tus upload through a crash, certificates and mail exactly once', async () => {
  test.setTimeout(180_000);
  const c = cluster!;
  const { proxy, s3 } = c;
  const run = Date.now();

  // ---- A family: registers, enters two items, pays, uploads, finalises. ----
  const family = await registerFamily(proxy.origin, `dlamini.${run}@example.org`, 'Dlamini');
  const lindiwe = await addContestant(family, 'Lindiwe', 'Dlamini', '2');
  const piano = await addEntry(family, 'MU101', lindiwe);
  const painting = await addEntry(family, 'VA101', lindiwe);
  await payCart(family);
  expect((await portal(family, lindiwe)).map((e) => e.itemCode).sort()).toEqual(['MU101', 'VA101']);
  await uploadEntryFile(
    family,
    piano,
    { name: 'Sheet music.pdf', type: 'application/pdf', data: pdf() },
    'supporting',
  );
  await uploadEntryFile(
    family,
    painting,
    { name: 'Painting.png', type: 'image/png', data: png() },
    'main',
  );

  // ---- The video over tus: PATCHes alternate between the instances; one dies mid-way. ----
  const video = recording(VIDEO);
  const VIDEO_BYTES = video.length;
  const slot = await openVideoSlot(family, piano);
  const headers = tusHeaders(slot);
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await family.client.send('POST', '/api/tus', {
    headers: {
      ...headers,
      'upload-length': String(VIDEO_BYTES),
      'upload-metadata': `filename ${b64('Recital.mp4')},filetype ${b64('video/mp4')},title ${b64('Recital.mp4')}`,
    },
  });
  expect(created.status, created.text()).toBe(201);
  const location = created.headers.location!;
  const uploadId = location.split('/').pop()!;
  const firstPatch = proxy.requests.length;

  let offset = 0;
  let killed: ApiInstance | undefined;
  let offsetAtCrash = -1;
  while (offset < VIDEO_BYTES) {
    if (!killed && offset >= CRASH_AT) {
      // Nothing may be mid-delivery on the instance about to die: a message sent but not yet
      // marked sent is sent again after a crash (at least once, decision 012), and this test
      // asserts exactly once.
      await outboxDrained(c);
      killed = c.instances.find((i) => i.name === proxy.next())!;
      await killed.kill();
      offsetAtCrash = offset;
    }
    const patch = await family.client.send('PATCH', location, {
      body: video.subarray(offset, offset + PATCH_BYTES),
      headers: {
        ...headers,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
    });
    if (patch.status === 204) {
      offset = Number(patch.headers['upload-offset']);
      continue;
    }
    // The balancer could not reach the dead instance: resume as a tus client does, asking the
    // offset (HEAD) and going on from there.
    expect(patch.status, `PATCH at ${offset}: ${patch.text()}`).toBe(502);
    const head = await family.client.send('HEAD', location, { headers });
    expect(head.status).toBe(200);
    offset = Number(head.headers['upload-offset']);
    expect(offset, 'the offset after the crash').toBe(offsetAtCrash);
  }
  expect(offset).toBe(VIDEO_BYTES);
  const survivor = c.instances.find((i) => i !== killed)!;

  const tusRequests = proxy.requests.slice(firstPatch);
  const crash = tusRequests.findIndex((r) => r.status === 502);
  const before = tusRequests.slice(0, crash);
  const after = tusRequests.slice(crash + 1);
  expect(before.length, 'PATCHes before the crash').toBe(CRASH_AT / PATCH_BYTES);
  expect(before.every((r) => r.method === 'PATCH' && r.status === 204)).toBe(true);
  // Consecutive PATCHes went to different instances.
  for (let k = 1; k < before.length; k++) {
    expect(before[k]!.instance).not.toBe(before[k - 1]!.instance);
  }
  expect(tusRequests[crash]).toMatchObject({ method: 'PATCH', instance: killed!.name });
  expect(tusRequests.filter((r) => r.status === 502)).toHaveLength(1);
  expect(after[0]).toMatchObject({ method: 'HEAD', instance: survivor.name, status: 200 });
  expect(after.every((r) => r.instance === survivor.name && r.status < 300)).toBe(true);

  // The instance comes back (same settings and data folder) and rejoins the rotation.
  await killed!.start();
  proxy.restore(killed!.name);

  // The portal records the video (spec 7, step 4), as the web app does after tus.
  const recorded = await family.client.call<{ id: number }>(
    'POST',
    `/api/OrderItems/${piano}/OrderItemUploads?orderId=0`,
    {
      orderItemId: piano,
      uploadType: 2,
      isPrimaryFile: true,
      fileName: `MU101_Lindiwe_Dlamini_Recital.mp4`,
      sizeInBytes: VIDEO_BYTES,
      originalFileName: 'Recital.mp4',
      videoId: slot.guid,
    },
  );
  expect(recorded.id).toBeGreaterThan(0);
  const pianoEntry = (await portal(family, lindiwe)).find((e) => e.id === piano)!;
  const mainFiles = pianoEntry.orderItemUploads.filter((u) => u.uploadType === 2);
  expect(mainFiles).toEqual([
    expect.objectContaining({ originalFileName: 'Recital.mp4', sizeInBytes: VIDEO_BYTES }),
  ]);
  expect(pianoEntry.orderItemUploads.map((u) => u.originalFileName).sort()).toEqual([
    'Recital.mp4',
    'Sheet music.pdf',
  ]);

  // Byte for byte: the object in the bucket, and the file as the family's link serves it.
  const sent = sha256(video);
  expect(await s3.sha256(`${S3_PREFIX}videos/${uploadId}`)).toBe(sent);
  const link = await family.client.call<{ url: string }>(
    'GET',
    `/api/BucketLinks/BucketLink?orderItemId=${piano}&fileName=${encodeURIComponent(mainFiles[0]!.fileName)}`,
  );
  const player = await family.client.fetch(link.url);
  const source = /<video[^>]* src="([^"]+)"/.exec(player.text())?.[1]?.replace(/&amp;/g, '&');
  expect(source, player.text()).toBeDefined();
  const media = await family.client.fetch(source!);
  expect(media.status).toBe(200);
  expect(sha256(media.body)).toBe(sent);

  await finalise(family, piano);
  await finalise(family, painting);

  // ---- Two more families: five more entries, one of them a group's. ----
  const entries = [piano, painting];
  const mokoena = await registerFamily(proxy.origin, `mokoena.${run}@example.org`, 'Mokoena');
  const khumalo = await registerFamily(proxy.origin, `khumalo.${run}@example.org`, 'Khumalo');
  const plan: [Family, string, string, string, number][] = [
    [mokoena, 'Thabo', 'Mokoena', 'VA102', 0],
    [mokoena, 'Naledi', 'Mokoena', 'VA201', 0],
    [khumalo, 'Sipho', 'Khumalo', 'VA106', 3],
    [khumalo, 'Zanele', 'Khumalo', 'VA202', 0],
  ];
  const groupEntries: number[] = [];
  for (const [f, first, surname, code, members] of plan) {
    // VA201 is for Grades R–3; the others take Grade 5 (decision 042).
    const contestant = await addContestant(f, first, surname, code === 'VA201' ? '2' : '5');
    const entry = await addEntry(f, code, contestant, members);
    entries.push(entry);
    if (members) groupEntries.push(entry);
  }
  for (const f of [mokoena, khumalo]) await payCart(f);
  for (const [k, [f]] of plan.entries()) {
    const entry = entries[k + 2]!;
    await uploadEntryFile(
      f,
      entry,
      { name: `Artwork ${k}.png`, type: 'image/png', data: png() },
      'main',
    );
    await finalise(f, entry);
  }

  // ---- Staff: an adjudicator is invited, assigned, marks everything; results published. ----
  const organiser = new Client(proxy.origin);
  await signIn(organiser, ORGANISER_EMAIL);
  const adjudicatorEmail = `adjudicator.${run}@example.org`;
  await inviteAdjudicator(organiser, adjudicatorEmail, ['Music', 'Visual Arts & Design']);
  const adjudicator = new Client(proxy.origin);
  await signIn(adjudicator, adjudicatorEmail);
  expect((await markEverything(adjudicator)).sort()).toEqual([...entries].sort());
  const published = await organiser.call<{ published: number }>(
    'POST',
    '/api/Staff/Results/Publish',
    {},
  );
  expect(published.published).toBe(entries.length);

  // Certificates are made by jobs, which both instances' workers take: wait until none is left.
  await waitFor(
    'the certificate jobs to finish',
    async () => {
      const report = await organiser.call<{
        queues: { name: string; waiting: number; running: number; done: number; failed: number }[];
      }>('GET', '/api/Staff/Jobs');
      const queue = report.queues.find((q) => q.name === 'certificates.make');
      if (queue?.failed) throw new Error(`certificate jobs failed: ${JSON.stringify(report)}`);
      return queue && queue.waiting + queue.running === 0 && queue.done >= entries.length
        ? queue
        : undefined;
    },
    60_000,
  );
  const certificates = await c.database.query<{
    order_item_id: number;
    group_participant_id: number | null;
    storage_key: string;
    superseded_at: Date | null;
  }>('select order_item_id, group_participant_id, storage_key, superseded_at from certificates');
  const members = await c.database.query<{ id: number; order_item_id: number }>(
    'select id, order_item_id from group_participants where order_item_id = any($1)',
    [groupEntries],
  );
  const expected = [
    ...entries.filter((e) => !groupEntries.includes(e)).map((e) => `${e}/-`),
    ...members.map((m) => `${m.order_item_id}/${m.id}`),
  ].sort();
  expect(members).toHaveLength(3);
  // Exactly once: one certificate per contestant or group member, none superseded or repeated.
  expect(
    certificates.map((r) => `${r.order_item_id}/${r.group_participant_id ?? '-'}`).sort(),
  ).toEqual(expected);
  expect(certificates.filter((r) => r.superseded_at !== null)).toEqual([]);
  expect(new Set(certificates.map((r) => r.storage_key)).size).toBe(certificates.length);
  for (const { storage_key } of certificates) {
    expect(await s3.exists(`${S3_PREFIX}${storage_key}`), storage_key).toBe(true);
  }
  // The family reads its certificate through either instance.
  const result = await family.client.call<{ certificates: { url: string }[] }>(
    'GET',
    `/api/OrderItems/${painting}/Result`,
  );
  expect(result.certificates).toHaveLength(1);
  const certificate = await family.client.fetch(result.certificates[0]!.url);
  expect(certificate.status).toBe(200);
  expect(certificate.body.subarray(0, 5).toString()).toBe('%PDF-');

  // ---- Every outbox message was delivered exactly once. ----
  await outboxDrained(c);
  const rows = await c.database.query<{ recipient: string; subject: string; body: string }>(
    `select recipient, subject, body from outbox_messages where channel = 'email'`,
  );
  const fingerprint = (to: string, subject: string, body: string) =>
    `${to.toLowerCase()} | ${subject} | ${sha256(Buffer.from(body.replace(/\r\n/g, '\n').trimEnd()))}`;
  const sentMail = rows.map((r) => fingerprint(r.recipient, r.subject, r.body)).sort();
  // A pin is blanked in the stored message once it has gone out (decision 031): the mail as
  // received, with its pin blanked so, is what the row holds.
  const stored = (m: { subject: string; text: string }) =>
    m.subject === 'Your Online Eisteddfod login code'
      ? m.text.replace(/[0-9]{6}/g, '••••••')
      : m.text;
  const receivedMail = c.smtp.received
    .flatMap((m) => m.to.map((to) => fingerprint(to, m.subject, stored(m))))
    .sort();
  expect(rows.filter((r) => /[0-9]{6}/.test(r.body) && r.subject.includes('login code'))).toEqual(
    [],
  );
  // Pins, the invitation, payment confirmations and results notices: a dozen at least.
  expect(rows.length).toBeGreaterThanOrEqual(12);
  expect(receivedMail).toEqual(sentMail);

  // ---- Both instances served their share. ----
  const served = (name: string) => proxy.requests.filter((r) => r.instance === name).length;
  const counts = Object.fromEntries(c.instances.map((i) => [i.name, served(i.name)]));
  console.log(
    `cluster: requests per instance ${JSON.stringify(counts)}; the crash at byte ${offsetAtCrash}` +
      ` of ${VIDEO_BYTES}; ${certificates.length} certificates; ${rows.length} emails`,
  );
  for (const instance of c.instances) {
    expect(served(instance.name)).toBeGreaterThan(proxy.requests.length * 0.35);
  }
});
