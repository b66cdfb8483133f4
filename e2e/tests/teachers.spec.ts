import { expect, test } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { openConsoleLink, openStaffArea, registerAndLogIn, staffSignIn } from './session.ts';
import { ORGANISER_EMAIL } from './teaching.ts';

// Issue 35, part 1 (decision 061): a family asks to act for a studio the list does not have;
// an organiser approves it, adding the studio to the list; the family sees it approved, with its
// class, and My Class in the header.

test('a teacher asks for a studio the list lacks, and an organiser approves it by adding it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const studio = `Nomvula Dance Studio ${stamp}`;

  // The family: from My Profile to the Teaching area.
  const family = await (await browser.newContext()).newPage();
  await registerAndLogIn(family, `teacher-${stamp}@e2e.example`);
  await family.goto('/my-profile');
  await family.getByRole('link', { name: 'I teach at a school or studio' }).click();
  await expect(family).toHaveURL(/\/teaching$/);
  await expect(family.getByRole('heading', { level: 1, name: 'Teaching' })).toBeVisible();
  await expect(family.getByText('You have not asked to act for a school yet.')).toBeVisible();

  const form = family.getByRole('form', { name: 'Ask to act for a school' });
  // Sending nothing is refused on the spot, saying what is missing.
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Choose your school, or tell us its name.')).toBeVisible();
  await form.getByRole('checkbox', { name: 'My school or studio is not listed' }).check();
  await form.getByRole('textbox', { name: 'Name of the school or studio' }).fill(studio);
  await form.getByRole('radio', { name: 'A private studio' }).check();
  await form.getByRole('button', { name: 'Send request' }).click();
  const request = family.getByRole('article').filter({ hasText: studio });
  await expect(request.getByText('Waiting for an organiser')).toBeVisible();
  await expectNoAccessibilityViolations(family);
  await family.screenshot({ path: testInfo.outputPath('teaching-waiting.png'), fullPage: true });

  // The organiser: the console's Teachers page, the request first.
  const organiser = await staffSignIn(browser, ORGANISER_EMAIL);
  await openStaffArea(organiser, testInfo);
  await openConsoleLink(organiser, testInfo, 'Teachers');
  await expect(organiser.getByRole('heading', { level: 1, name: 'Teachers' })).toBeVisible();
  const waiting = organiser.getByRole('article').filter({ hasText: studio });
  await expect(waiting.getByText('Not on the list.')).toBeVisible();
  await expectNoAccessibilityViolations(organiser);
  await organiser.screenshot({ path: testInfo.outputPath('teachers-waiting.png'), fullPage: true });
  await waiting.getByRole('button', { name: /^Approve / }).click();
  const dialog = organiser.getByRole('dialog', { name: /^Approve / });
  await expectAccessibleDialog(organiser, dialog);
  await dialog.getByRole('radio', { name: 'A new school: add it to the list' }).check();
  await expect(dialog.getByRole('textbox', { name: 'Name on the list' })).toHaveValue(studio);
  await expect(dialog.getByRole('radio', { name: 'Private studio' })).toBeChecked();
  await organiser.screenshot({ path: testInfo.outputPath('teachers-approve.png') });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(organiser.getByText('The teacher was approved.')).toBeVisible();
  const bySchool = organiser.getByRole('region', { name: 'Teachers by school' });
  await expect(bySchool.getByRole('link', { name: studio })).toBeVisible();
  await organiser.screenshot({
    path: testInfo.outputPath('teachers-approved.png'),
    fullPage: true,
  });

  // The family: approved, its class with the links to open it and enter learners, My Class.
  await family.reload();
  await expect(request.getByText('Approved')).toBeVisible();
  const classes = family.getByRole('region', { name: 'My classes' });
  const cls = classes.getByRole('article').filter({ hasText: studio });
  await expect(cls.getByRole('link', { name: 'Open class' })).toHaveAttribute(
    'href',
    /^\/teaching\/class\/\d+$/,
  );
  await expect(cls.getByRole('link', { name: 'Enter learners' })).toHaveAttribute(
    'href',
    /^\/teaching\/class\/\d+\/enter$/,
  );
  if (phone) await family.getByRole('button', { name: 'Open menu' }).click();
  await expect(family.getByRole('link', { name: 'My Class' }).last()).toBeVisible();
  if (phone) {
    await family.keyboard.press('Escape');
    await expect(family.getByRole('dialog')).toBeHidden();
  }
  await expectNoAccessibilityViolations(family);
  await family.screenshot({ path: testInfo.outputPath('teaching-approved.png'), fullPage: true });
});
