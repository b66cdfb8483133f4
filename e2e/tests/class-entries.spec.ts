import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { payOnSandbox, stored } from './session.ts';
import { addLearners, approvedTeacher, signedInFamily } from './teaching.ts';

/**
 * Issue 35, part E (decision 065): a teacher enters a class through the grid. The teacher asks
 * to act for a school of the list and an organiser approves it, and the learners join the class,
 * through the product's own calls (teaching.ts; the screens of asking and approving are
 * teachers.spec.ts's); the grid, checkout and the class's entries are driven in the browser.
 * On the shared e2e server: its learners are the class's alone, and its orders the teacher's.
 */

const LEARNERS = [
  { firstName: 'Sipho', surname: 'Ndlovu', grade: '4', gender: 'female' },
  { firstName: 'Lerato', surname: 'Mokoena', grade: '5', gender: 'female' },
  { firstName: 'Aisha', surname: 'Patel', grade: '6', gender: 'female' },
] as const;

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
      await browser.newContext({ viewport: testInfo.project.use.viewport ?? null })
    ).newPage();
    const email = `teacher.${testInfo.project.name}.${Date.now()}@example.org`;
    const teacher = await signedInFamily(page, email, 'Ayanda', 'Mokoena');
    const { membershipId } = await approvedTeacher(teacher, {
      listed: 'Aloe Crest Primary School',
    });
    await addLearners(teacher, membershipId, [...LEARNERS]);

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

    // The class's entries by state: four not paid; once paid on the sandbox page, each waits
    // for its main file.
    await page.goto(`/teaching/class/${membershipId}/entries`);
    await expect(page.getByRole('radio', { name: 'Not paid (4)' })).toHaveCount(1);
    // The class's entries, not the statement's orders above them (decision 066).
    const entries = page.getByRole('list', { name: 'Entries by state' });
    await expect(entries.getByRole('listitem').filter({ hasText: 'Not paid' })).toHaveCount(4);
    await expectNoAccessibilityViolations(page);
    await payOnSandbox(page, Number(await stored(page, 'cart')), email);
    await page.goto(`/teaching/class/${membershipId}/entries`);
    await page.getByText('No main file (4)').click();
    await expect(page.getByRole('radio', { name: 'No main file (4)' })).toBeChecked();
    await expect(entries.getByRole('listitem').filter({ hasText: 'No main file' })).toHaveCount(4);
    await expect(
      page.getByRole('link', { name: /^Upload for Sipho Ndlovu: DA102$/ }),
    ).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // A paid entry stays ticked and cannot be unticked in the grid.
    await page.goto(`/teaching/class/${membershipId}/enter`);
    await choose(page, page.getByRole('combobox', { name: 'Section' }), 'Dramatic Arts');
    await expect(cell(page, 'Sipho Ndlovu', 'DA102')).toBeChecked();
    await expect(cell(page, 'Sipho Ndlovu', 'DA102')).toBeDisabled();
  });
});
