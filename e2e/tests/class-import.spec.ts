import { expect, test } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { registerFamily } from './cluster/journey.ts';
import { addLearners, approvedTeacher, signedInFamily } from './teaching.ts';

/**
 * A teacher imports a class list (issue 35, decision 064): 30 rows, one of them wrong and two
 * learners the portal already has (one in the class, one a family's child), checked first and
 * then added. The teacher asks for a school the list does not have and an organiser approves it,
 * a family enters its child at that school, and one learner joins the class, all through the
 * product's own calls (teaching.ts); the class's screen is driven in the browser. On the shared
 * e2e server: the school is new, named for this run, so no other journey meets its learners.
 */

/** 27 new learners, one row with a grade that is none, and the two the portal knows. */
function classList(): string {
  const rows = ['First name,Surname,Grade,Gender,Parent email,Parent cellphone'];
  for (let i = 0; i < 27; i++)
    rows.push(
      `Learner${String.fromCharCode(65 + (i % 26))}${i},Class${i},Gr 5,${i % 2 ? 'M' : 'F'},,`,
    );
  rows.splice(5, 0, 'Dineo,Mahlangu,Gr 15,F,,');
  rows.push('Nomsa,Dube,5,F,nomsa.parent@example.org,082 555 0101');
  rows.push('Zoe,Naidoo,Grade 5,girl,,');
  return rows.join('\n');
}

test('a teacher imports a class list: problems and matches shown, the rest added', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = `${testInfo.project.name}.${Date.now()}`;
  const school = `Jacaranda Primary ${run}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  const teacher = await signedInFamily(page, `teacher.${run}@example.org`, 'Ayanda', 'Mokoena');
  const { membershipId } = await approvedTeacher(teacher, { name: school, kind: 'school' });

  // A family's child at the school, entered last year (a grade lower), and a learner already
  // in the class.
  const family = await registerFamily(
    teacher.client.origin,
    `priya.${run}@example.org`,
    'Naidoo',
    'Priya',
  );
  await family.client.call('POST', `/api/Customers/${family.customerId}/participant-profile`, {
    firstName: 'Zoë',
    surname: 'Naidoo',
    school,
    grade: '4',
    gender: 'female',
    acceptedTermsAndConditions: true,
    acceptedHonourPledge: true,
  });
  await addLearners(teacher, membershipId, [
    { firstName: 'Nomsa', surname: 'Dube', grade: '5', gender: 'female' },
  ]);

  await page.goto(`/teaching/class/${membershipId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'My class' })).toBeVisible();
  await expect(page.getByText(`${school} · 1 learner`)).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Import a class list' }).click();
  await page.locator('input[type=file]').setInputFiles({
    name: 'class-5b.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(classList()),
  });
  // Each row is drawn as a card on a phone and a table row on a wider screen: the one shown.
  await expect(page.getByTestId('class-list-summary')).toHaveText(
    '27 learners ready · 1 row with problems · 1 already on the portal · 1 possible match',
  );
  await expect(
    page
      .getByText('“Gr 15” is not a grade: write R or a number from 1 to 12')
      .filter({ visible: true }),
  ).toBeVisible();
  await expect(
    page.getByText('Already in your class: skipped').filter({ visible: true }),
  ).toBeVisible();
  await expect(
    page
      .getByText('A child of this name at your school is already on the portal')
      .filter({ visible: true }),
  ).toBeVisible();
  // Nothing of the family is shown: only that a match exists.
  await expect(page.getByText('Priya')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  const add = page.getByRole('button', { name: 'Add 27 learners' });
  await expect(add).toBeDisabled();
  await page.getByRole('checkbox', { name: /school's own consent covers these learners/ }).check();
  await add.click();
  await expect(page.getByText('27 learners were added to your class.')).toBeVisible();
  await expect(page.getByText(`${school} · 28 learners`)).toBeVisible();
  await expect(page.getByText('Dineo')).toHaveCount(0);
  await expect(page.getByText('Zoe')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // The family's child is offered as a match when added one by one too, and added only on request.
  await page.getByRole('button', { name: 'Add a learner' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Zoe');
  await dialog.getByLabel('Surname').fill('Naidoo');
  await dialog.getByLabel('Grade').click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  await dialog.getByLabel('Gender').click();
  await page.getByRole('option', { name: 'Female' }).click();
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Add a learner' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Possibly already on the portal');
  await expectAccessibleDialog(page, dialog);
  await dialog.getByRole('button', { name: 'Add anyway' }).click();
  await expect(page.getByText(`${school} · 29 learners`)).toBeVisible();
  await context.close();
});
