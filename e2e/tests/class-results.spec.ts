import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expectAccessibleDialog, look } from './axe.ts';
import { addEntry, finalise, payCart, registerFamily, uploadEntryFile } from './cluster/journey.ts';
import { useOwnServer } from './own-server.ts';
import {
  addLearners,
  approvedTeacher,
  downloaded,
  markedAndReleased,
  ORGANISER_EMAIL,
} from './teaching.ts';
import { png } from './test-files.ts';

// Issue 35 (decision 067): a teacher uploads a learner's artwork on their phone and finalises
// it, straight from the class's entries; after the release they download the class's results
// (CSV) and every certificate in one ZIP named to hand out. The release changes what every
// family sees, so this runs on a server of its own, once per screen size. The approval and the
// learners go through the product's own calls (teaching.ts); marking through an adjudicator's.

const serverOrigin = useOwnServer('class-results', ORGANISER_EMAIL);
const SECTION = 'Visual Arts & Design';

const entry = (page: Page, code: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: new RegExp(code) }) });

test('a teacher uploads and finalises on a phone, then downloads the class’s results and certificates', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const origin = serverOrigin();
  const run = `${testInfo.project.name}.${Date.now()}`;
  const email = `teacher.${run}@example.org`;
  const teacher = await registerFamily(origin, email, 'Mokoena', 'Ayanda');
  const { membershipId } = await approvedTeacher(teacher, {
    listed: 'Aloe Crest Primary School',
  });
  const [lerato, sipho] = await addLearners(teacher, membershipId, [
    { firstName: 'Lerato', surname: 'Mokoena', grade: '5', gender: 'female' },
    { firstName: 'Sipho', surname: 'Ndlovu', grade: '5', gender: 'male' },
  ]);
  await addEntry(teacher, 'VA102', lerato!);
  const siphoEntry = await addEntry(teacher, 'VA202', sipho!);
  await payCart(teacher);

  const context = await browser.newContext({
    baseURL: origin,
    viewport: testInfo.project.use.viewport ?? null,
    acceptDownloads: true,
  });
  const session = { token: teacher.client.token, customerId: teacher.customerId, email };
  await context.addInitScript((s) => {
    if (localStorage.getItem('token')) return;
    localStorage.setItem('token', s.token ?? '');
    localStorage.setItem('customerId', String(s.customerId));
    localStorage.setItem('username', s.email);
  }, session);
  const page = await context.newPage();

  // ---- The class's entries: each that needs a file links straight to its place. ----
  const entriesUrl = `/teaching/class/${membershipId}/entries`;
  await page.goto(entriesUrl);
  await expect(page.getByRole('radio', { name: 'No main file (2)' })).toHaveCount(1);
  // Before the release, no results pack is offered (and the server refuses it: 409).
  await expect(page.getByRole('button', { name: /Download certificates/ })).toHaveCount(0);
  const early = await teacher.client.send(
    'GET',
    `/api/Customers/${teacher.customerId}/Classes/${membershipId}/Results.csv`,
  );
  expect(early.status).toBe(409);
  await look(page, testInfo, 'class-results-1-entries');
  await page.getByRole('link', { name: 'Upload for Lerato Mokoena: VA102' }).click();
  await expect(page).toHaveURL(/\/uploads\?participant=\d+&item=VA102$/);
  const art = entry(page, 'VA102');
  await expect(art).toHaveCount(1);
  await art.getByRole('button', { name: 'Upload files for VA102' }).click();
  await art
    .getByLabel('Upload image for VA102')
    .first()
    .setInputFiles({ name: 'Lerato artwork.png', mimeType: 'image/png', buffer: png(96, 64) });
  await expect(page.getByText('File uploaded successfully')).toBeVisible({ timeout: 60_000 });
  await look(page, testInfo, 'class-results-2-uploaded');
  await art.getByRole('button', { name: 'Finalise Entry VA102' }).click();
  const confirm = page.getByRole('dialog', { name: 'Finalise Entry' });
  await expectAccessibleDialog(page, confirm);
  await confirm.getByRole('button', { name: 'Finalise Entry' }).click();
  await expect(page.getByText('Entry has been finalised')).toBeVisible();

  await page.goto(entriesUrl);
  await expect(page.getByRole('radio', { name: 'Finalised (1)' })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Upload for Sipho Ndlovu: VA202' })).toBeVisible();

  // ---- Sipho's through the API; marking; the release. ----
  await uploadEntryFile(
    teacher,
    siphoEntry,
    { name: 'sipho.png', type: 'image/png', data: png(64, 96) },
    'main',
  );
  await finalise(teacher, siphoEntry);
  await markedAndReleased(teacher, membershipId, SECTION, 2);

  // ---- After the release: the results CSV and the certificates ZIP. ----
  await page.goto(entriesUrl);
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results).toBeVisible();
  await look(page, testInfo, 'class-results-3-released');
  const csv = await downloaded(page, () =>
    results.getByRole('button', { name: 'Download results (CSV)' }).click(),
  );
  expect(csv.name).toMatch(/^Aloe Crest Primary School .*results \d{4}\.csv$/);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = csv.bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(rows[0]).toBe(
    'Surname,First name,Grade,Teacher,Item code,Item,Section,Score,Medal,Placing,Certificate number',
  );
  expect(rows.slice(1).map((r) => r.split(',').slice(0, 5))).toEqual([
    ['Mokoena', 'Lerato', '5', 'Ayanda Mokoena', 'VA102'],
    ['Ndlovu', 'Sipho', '5', 'Ayanda Mokoena', 'VA202'],
  ]);

  const zip = await downloaded(page, () =>
    results.getByRole('button', { name: 'Download certificates (ZIP)' }).click(),
  );
  expect(zip.name).toMatch(/certificates \d{4}\.zip$/);
  const files = unzipSync(new Uint8Array(zip.bytes));
  const names = Object.keys(files).sort();
  expect(names).toHaveLength(2);
  expect(names[0]).toMatch(/^Mokoena Lerato - VA102 .+\.pdf$/);
  expect(names[1]).toMatch(/^Ndlovu Sipho - VA202 .+\.pdf$/);
  for (const name of names) expect(strFromU8(files[name]!.subarray(0, 5))).toBe('%PDF-');
  await context.close();
});
