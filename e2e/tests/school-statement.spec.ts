import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './axe.ts';
import { pdfText } from './pdf-text.ts';
import {
  addLearners,
  approvedTeacher,
  organiser,
  organiserPage,
  recordEftByReference,
  BANKING,
  setBankingDetails,
  signedInFamily,
} from './teaching.ts';

/**
 * Issue 35 (decision 066): one statement, paid the way schools pay. A teacher with a class's
 * entries (made through the product's calls: the grid's screen is class-entries.spec.ts's)
 * downloads the statement, chooses EFT and sees the reference and the banking details; the
 * organiser records the EFT by that reference on the Payments screen, and every entry is paid.
 */

const LEARNERS = [
  { firstName: 'Naledi', surname: 'Dlamini', grade: '5', gender: 'female' },
  { firstName: 'Pieter', surname: 'Botha', grade: '5', gender: 'male' },
] as const;

test('a teacher downloads the statement and pays by EFT; the organiser records it by the reference and every entry is paid', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const shots = `/tmp/shots-statement/${testInfo.project.name}`;
  const page = await (
    await browser.newContext({ viewport: testInfo.project.use.viewport ?? null })
  ).newPage();
  const email = `statement.${testInfo.project.name}.${Date.now()}@example.org`;
  const teacher = await signedInFamily(page, email, 'Zanele', 'Khumalo');
  const { membershipId, schoolId } = await approvedTeacher(teacher, {
    listed: 'Aloe Crest Primary School',
  });
  await addLearners(teacher, membershipId, [...LEARNERS]);
  const base = `/api/Customers/${teacher.customerId}/Classes/${membershipId}`;
  const grid = await teacher.client.call<{
    items: {
      id: number;
      isGroupItem: boolean;
      requiresAnInstrument: boolean;
      deadlinePassed: boolean;
    }[];
    learners: { id: number }[];
    allowedByGrade: Record<string, number[]>;
  }>('GET', `${base}/Grid`);
  const items = grid.items
    .filter((i) => !i.isGroupItem && !i.requiresAnInstrument && !i.deadlinePassed)
    .filter((i) => grid.allowedByGrade['5']?.includes(i.id))
    .slice(0, 2);
  const add = grid.learners.flatMap((l) => items.map((i) => ({ learnerId: l.id, itemId: i.id })));
  const entered = await teacher.client.call<{ written: boolean; orderId: number }>(
    'POST',
    `${base}/Entries`,
    { add, remove: [] },
  );
  expect(entered.written).toBe(true);

  // The organiser's banking details, as the console's event settings save them.
  const servedId = await setBankingDetails(teacher.client.origin, BANKING);

  // ---- The teacher: the statement, its PDF, and EFT. ----
  await page.goto(`/teaching/class/${membershipId}/entries`);
  const statement = page.getByRole('region', { name: 'Statement and payment' });
  await expect(statement).toBeVisible();
  const order = statement.getByRole('listitem');
  await expect(order.getByText('4 entries')).toBeVisible();
  const reference = (await order
    .getByText(/^S[0-9A-Z]{6}$/)
    .first()
    .textContent())!;
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: `${shots}-statement.png`, fullPage: true });

  const downloading = page.waitForEvent('download');
  await order.getByRole('button', { name: 'Download the statement (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`statement-${reference}.pdf`);
  const words = pdfText(await readFile((await download.path())!));
  for (const expected of [
    'Aloe Crest Primary School',
    'Naledi Dlamini, grade 5',
    'Pieter Botha, grade 5',
    reference,
    'Account number: 62812345678',
  ])
    expect(words).toContain(expected);

  await order.getByRole('button', { name: 'Pay by EFT' }).click();
  const eft = order.getByRole('alert').filter({ hasText: 'Pay by EFT' });
  await expect(eft).toContainText(reference);
  await expect(eft).toContainText('62812345678');
  await expect(order.getByText('Awaiting payment', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay by EFT' })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: `${shots}-eft.png`, fullPage: true });

  // ---- The organiser records the EFT by its reference, as the bank line carries it. ----
  const desk = await organiserPage(browser);
  await desk.setViewportSize(testInfo.project.use.viewport ?? { width: 1280, height: 900 });
  const amount = await recordEftByReference(
    desk,
    testInfo,
    reference,
    /Zanele Khumalo: 4 entries, R 640\.00, awaiting payment/,
  );
  expect(amount).toBe('R 640.00');

  // ---- Every entry is paid, at once. ----
  await page.reload();
  // The badge says Paid (beside the figure labelled Paid), and nothing is left to pay.
  await expect(order.getByText('Paid', { exact: true })).toHaveCount(2);
  await expect(order.getByText('Awaiting payment', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Not paid (0)')).toBeVisible();
  await page.screenshot({ path: `${shots}-paid.png`, fullPage: true });

  // ---- The organiser's School page: each teacher's order and the school's totals. ----
  await desk.goto(`/staff/schools/${schoolId}`);
  const schoolStatement = desk.getByRole('table', { name: "The school's statement" });
  await expect(schoolStatement.getByRole('row', { name: new RegExp(reference) })).toContainText(
    'Paid',
  );
  await expect(schoolStatement.getByRole('row', { name: /^School totals/ })).toBeVisible();
  await expectNoAccessibilityViolations(desk);
  await desk.screenshot({ path: `${shots}-school.png`, fullPage: true });
  // The school's statement as one PDF: each order with its own reference, the school's learners.
  const schoolDownload = desk.waitForEvent('download');
  await desk
    .getByRole('region', { name: 'Statement' })
    .getByRole('button', { name: 'Download the statement (PDF)' })
    .click();
  const schoolPdf = pdfText(await readFile((await (await schoolDownload).path())!));
  for (const expected of [
    'Aloe Crest Primary School',
    'Naledi Dlamini, grade 5',
    reference,
    'Each order keeps its own reference.',
  ])
    expect(schoolPdf).toContain(expected);
  // The banking details on the event's settings, where the organiser edits them.
  await desk.goto(`/staff/events/${servedId}`);
  const banking = desk.getByRole('region', { name: 'Banking details' });
  await expect(banking.getByRole('textbox', { name: 'Account number' })).toHaveValue(
    BANKING.accountNumber,
  );
  await banking.scrollIntoViewIfNeeded();
  await desk.screenshot({ path: `${shots}-settings.png` });
});

test("a school's coordinator downloads the school's statement across its teachers", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const shots = `/tmp/shots-statement/${testInfo.project.name}`;
  const page = await (
    await browser.newContext({ viewport: testInfo.project.use.viewport ?? null })
  ).newPage();
  const stamp = `${testInfo.project.name}.${Date.now()}`;
  const coordinator = await signedInFamily(
    page,
    `coordinator.${stamp}@example.org`,
    'Ayanda',
    'Mthembu',
  );
  const school = `Marula Coordinated Primary ${stamp}`;
  const { membershipId } = await approvedTeacher(coordinator, { name: school, kind: 'school' });
  const staff = await organiser(coordinator.client.origin);
  await staff.call('PUT', `/api/Staff/Teachers/${membershipId}/Role`, { role: 'coordinator' });
  await addLearners(coordinator, membershipId, [LEARNERS[0]]);
  const base = `/api/Customers/${coordinator.customerId}/Classes/${membershipId}`;
  const grid = await coordinator.client.call<{
    items: {
      id: number;
      isGroupItem: boolean;
      requiresAnInstrument: boolean;
      deadlinePassed: boolean;
    }[];
    learners: { id: number }[];
    allowedByGrade: Record<string, number[]>;
  }>('GET', `${base}/Grid`);
  const item = grid.items.find(
    (i) =>
      !i.isGroupItem &&
      !i.requiresAnInstrument &&
      !i.deadlinePassed &&
      grid.allowedByGrade['5']?.includes(i.id),
  )!;
  await coordinator.client.call('POST', `${base}/Entries`, {
    add: [{ learnerId: grid.learners[0]!.id, itemId: item.id }],
    remove: [],
  });

  await page.goto(`/teaching/class/${membershipId}/entries`);
  const statement = page.getByRole('region', { name: 'Statement and payment' });
  await expect(statement.getByRole('table', { name: 'School totals' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await statement.getByRole('button', { name: "Download the school's statement (PDF)" }).click();
  const words = pdfText(await readFile((await (await downloading).path())!));
  for (const expected of [school, 'Naledi Dlamini, grade 5', 'Each order keeps its own reference.'])
    expect(words).toContain(expected);
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: `${shots}-coordinator.png`, fullPage: true });
});
