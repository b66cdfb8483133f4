import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { createDatabase, postgresProblem } from './cluster/services.ts';
import { useOwnServer } from './own-server.ts';
import { expectOk, registerAndLogIn, stored } from './session.ts';

/**
 * Issue 35, part E (decision 065): a teacher enters a class through the grid. The approval of a
 * teacher and the class's learner screens are built elsewhere (parts C and D), so this journey's
 * server runs on a PostgreSQL database of its own, as the cluster journey's does, and the one
 * step no screen makes yet (an organiser approving the membership, the learners put in the
 * class) is a SQL statement; everything else goes through the real API and screens.
 */

const ORGANISER_EMAIL = 'organiser@class-entries.example';
const DATABASE = `eisteddfod_class_entries_${process.pid}`;

function databaseUrl(): string {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${DATABASE}`;
  return url.href;
}

let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
test.beforeAll(async () => {
  const problem = await postgresProblem();
  test.skip(problem !== undefined, `This journey needs PostgreSQL: ${problem}`);
  database = await createDatabase(DATABASE);
});
const serverOrigin = useOwnServer('class-entries', ORGANISER_EMAIL, {
  DATABASE_URL: databaseUrl(),
});
test.afterAll(async () => {
  await database?.drop();
});

const LEARNERS = [
  ['Sipho', 'Ndlovu', '4'],
  ['Lerato', 'Mokoena', '5'],
  ['Aisha', 'Patel', '6'],
] as const;

/** The teacher's learners as contestants of the account, then put in an approved class. */
async function makeClass(page: Page) {
  const token = await stored(page, 'token');
  const customerId = Number(await stored(page, 'customerId'));
  for (const [firstName, surname, grade] of LEARNERS) {
    const response = await page.request.post(`/api/Customers/${customerId}/participant-profile`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        customerId,
        firstName,
        surname,
        school: 'Aloe Crest Primary School',
        grade,
        gender: 'female',
        acceptedTermsAndConditions: true,
        acceptedHonourPledge: true,
      },
    });
    await expectOk(response, 'a learner');
  }
  const [school] = await database!.query<{ id: number }>(
    `select id from schools where name = 'Aloe Crest Primary School'`,
  );
  const [membership] = await database!.query<{ id: number }>(
    `insert into school_memberships (customer_id, school_id, role, status, decided_at)
     values ($1, $2, 'teacher', 'approved', now()) returning id`,
    [customerId, school!.id],
  );
  await database!.query(
    `update participant_profiles set school_id = $2, school_membership_id = $3,
       school_consent_declared_at = now() where customer_id = $1`,
    [customerId, school!.id, membership!.id],
  );
  return { customerId, membershipId: membership!.id };
}

const cell = (page: Page, name: string, code: string) =>
  page.getByRole('checkbox', { name: new RegExp(`^${name}: ${code} `) });

async function choose(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('class entries', () => {
  test('a teacher enters a class through the grid, a group with a member from elsewhere, and sees the entries by state', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const page = await (
      await browser.newContext({
        viewport: testInfo.project.use.viewport ?? null,
        baseURL: serverOrigin(),
      })
    ).newPage();
    await registerAndLogIn(page, `teacher.${test.info().project.name}.${Date.now()}@example.org`);
    const { membershipId } = await makeClass(page);

    await page.goto(`/teaching/class/${membershipId}/enter`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Enter Aloe Crest Primary School' }),
    ).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: 'Section' }), 'Dramatic Arts');
    await page.getByRole('searchbox', { name: 'Find an item (code or name)' }).fill('DA10');
    await expectNoAccessibilityViolations(page);

    // Only the items a grade allows can be ticked: DA101 is for Grades R–3.
    await expect(cell(page, 'Sipho Ndlovu', 'DA101')).toHaveCount(0);
    const showAll = page.getByRole('switch', { name: 'Show every item' });
    await showAll.check({ force: true });
    await expect(cell(page, 'Sipho Ndlovu', 'DA101')).toBeDisabled();
    await showAll.uncheck({ force: true });
    await cell(page, 'Sipho Ndlovu', 'DA102').check();
    await cell(page, 'Lerato Mokoena', 'DA102').check();
    await cell(page, 'Aisha Patel', 'DA106').check();
    // DA107 is a duo: Lerato and a partner from another school.
    await cell(page, 'Lerato Mokoena', 'DA107').check();
    await page.getByRole('textbox', { name: /^Group name for DA107/ }).fill('The Poets');
    await page.getByRole('button', { name: 'DA107: add members from elsewhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Group Participants' });
    await expect(dialog.getByText('With Lerato of the class.')).toBeVisible();
    await expectAccessibleDialog(page, dialog);
    const partner = dialog.getByRole('group', { name: 'Participant 1' });
    await partner.getByRole('textbox', { name: 'First Name' }).fill('Thabo');
    await partner.getByRole('textbox', { name: 'Surname' }).fill('Nkosi');
    await choose(page, partner.getByRole('combobox', { name: 'School' }), 'Other School');
    await choose(page, partner.getByRole('combobox', { name: 'Gender' }), 'Male');
    await choose(page, partner.getByRole('combobox', { name: 'Grade' }), 'Grade 5 (10-11 years)');
    await dialog.getByRole('button', { name: 'Save Participants' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('button', { name: 'DA107: 1 member from elsewhere' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Add 4 entries to the cart' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    const lerato = page.getByRole('region', { name: 'Contestant: Lerato Mokoena' });
    await expect(lerato.getByRole('listitem')).toHaveCount(2);
    await expect(lerato.getByText('Group information needed')).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Contestant: Sipho Ndlovu' }).getByRole('listitem'),
    ).toHaveCount(1);
    await expect(
      page.getByRole('region', { name: 'Contestant: Aisha Patel' }).getByRole('listitem'),
    ).toHaveCount(1);
    await lerato.getByRole('button', { name: /Manage Contestants/ }).click();
    const members = page.getByRole('dialog', { name: 'Group Participants' });
    await expect(members.getByRole('textbox', { name: 'First Name' }).nth(1)).toHaveValue('Thabo');
    await members.getByRole('button', { name: 'Cancel' }).click();

    // The class's entries by state: four not paid; once paid (the sandbox payment is the
    // checkout journey's), each waits for its main file.
    await page.goto(`/teaching/class/${membershipId}/entries`);
    await expect(page.getByRole('radio', { name: 'Not paid (4)' })).toHaveCount(1);
    await expect(page.getByRole('listitem').filter({ hasText: 'Not paid' })).toHaveCount(4);
    await expectNoAccessibilityViolations(page);
    await database!.query(
      `update orders set status = 'paid', completed_at = now()
       where customer_id = (select customer_id from school_memberships where id = $1)
         and status = 'cart'`,
      [membershipId],
    );
    await page.reload();
    await page.getByText('No main file (4)').click();
    await expect(page.getByRole('radio', { name: 'No main file (4)' })).toBeChecked();
    await expect(page.getByRole('listitem').filter({ hasText: 'No main file' })).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'Uploads' }).first()).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // A paid entry stays ticked and cannot be unticked in the grid.
    await page.goto(`/teaching/class/${membershipId}/enter`);
    await choose(page, page.getByRole('combobox', { name: 'Section' }), 'Dramatic Arts');
    await expect(cell(page, 'Sipho Ndlovu', 'DA102')).toBeChecked();
    await expect(cell(page, 'Sipho Ndlovu', 'DA102')).toBeDisabled();
  });
});
