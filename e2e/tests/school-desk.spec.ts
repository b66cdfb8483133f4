import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './axe.ts';
import { openConsoleLink, openStaffArea } from './session.ts';
import { addLearners, approvedTeacher, organiserPage, signedInFamily } from './teaching.ts';

// Issue 35, decision 068: an organiser finds a school on the family desk, opens it, and sees
// its teachers and classes; the teacher's family page says what the account teaches.

test('an organiser searches a school on the desk, opens it, and sees its teachers and classes', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const school = `Msunduzi Primary ${stamp}`;
  const teacherPage = await (await browser.newContext()).newPage();
  const teacher = await signedInFamily(
    teacherPage,
    `desk-${stamp}@e2e.example`,
    'Zanele',
    'Ndlovu',
  );
  const { membershipId } = await approvedTeacher(teacher, { name: school, kind: 'school' });
  await addLearners(teacher, membershipId, [
    { firstName: 'Sifiso', surname: 'Dube', grade: '5', gender: 'male' },
    { firstName: 'Naledi', surname: 'Dube', grade: '6', gender: 'female' },
  ]);

  const organiser = await organiserPage(browser);
  await openStaffArea(organiser, testInfo);
  await openConsoleLink(organiser, testInfo, 'Families');
  await organiser
    .getByRole('searchbox', { name: 'Search families' })
    .fill(`msunduzi primary ${stamp}`);
  const found = organiser.getByRole('region', { name: '1 school' });
  await expect(found.getByText('School · 1 teacher')).toBeVisible();
  const teacherCard = organiser.getByRole('listitem').filter({ hasText: 'Zanele Ndlovu' });
  await expect(teacherCard.getByText('Teaches at the school')).toBeVisible();
  await expectNoAccessibilityViolations(organiser);
  await organiser.screenshot({
    path: testInfo.outputPath('desk-school-search.png'),
    fullPage: true,
  });

  await found.getByRole('link', { name: school }).click();
  await expect(organiser.getByRole('heading', { level: 2, name: school })).toBeVisible();
  const teachers = organiser.getByRole('table', { name: 'Teachers of the school' });
  await expect(teachers.getByRole('link', { name: 'Zanele Ndlovu' })).toBeVisible();
  const classes = organiser.getByRole('table', { name: 'Classes and entries' });
  const row = classes.getByRole('row').filter({ hasText: 'Zanele Ndlovu' });
  await expect(row.getByRole('cell').nth(1)).toHaveText('2');
  await expectNoAccessibilityViolations(organiser);
  await organiser.screenshot({ path: testInfo.outputPath('school-page.png'), fullPage: true });

  await teachers.getByRole('link', { name: 'Zanele Ndlovu' }).click();
  const teaching = organiser.getByRole('region', { name: 'Teaches' });
  const membership = teaching.getByRole('row').filter({ hasText: school });
  await expect(membership.getByText('Approved')).toBeVisible();
  await expect(membership.getByRole('cell').nth(3)).toHaveText('2');
  await expectNoAccessibilityViolations(organiser);
  await organiser.screenshot({ path: testInfo.outputPath('family-teaching.png'), fullPage: true });
});
