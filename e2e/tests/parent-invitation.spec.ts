import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { addContestant, addEntry } from './cluster/journey.ts';
import {
  acceptConsent,
  addLearners,
  approvedTeacher,
  invitationLink,
  signedInFamily,
} from './teaching.ts';

/**
 * Issue 35, "Parents stay in the loop" (decision 063): a teacher invites a learner's parent
 * from the class page, the parent opens the emailed link, signs in with the invited address,
 * gives the parent's three consents and sees the child's entries beside a child of their own;
 * the teacher sees the parent linked. The teacher's approval and learners come through the
 * product's own calls (teaching.ts); the invitation, its page and the parent's list are driven
 * in the browser.
 */

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test.describe('parent invitation', () => {
  test("a teacher invites a learner's parent, who consents and sees the child beside their own", async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const viewport = testInfo.project.use.viewport ?? null;
    const stamp = `${testInfo.project.name}.${Date.now()}`;
    const parentEmail = `parent.${stamp}@example.org`;

    // The teacher's class: Naledi with her parent's email, and an entry of hers in the cart.
    const teacherPage = await (await browser.newContext({ viewport })).newPage();
    const teacher = await signedInFamily(
      teacherPage,
      `teacher.${stamp}@example.org`,
      'Ayanda',
      'Mokoena',
    );
    const { membershipId } = await approvedTeacher(teacher, {
      listed: 'Aloe Crest Primary School',
    });
    const [naledi] = await addLearners(teacher, membershipId, [
      { firstName: 'Naledi', surname: 'Dube', grade: '5', gender: 'female', parentEmail },
      { firstName: 'Kabelo', surname: 'Sithole', grade: '5', gender: 'male' },
    ]);
    await addEntry(teacher, 'DA102', naledi!);

    await teacherPage.goto(`/teaching/class/${membershipId}`);
    const invite = teacherPage.getByRole('button', { name: "Invite Naledi Dube's parent" });
    await expect(invite).toBeVisible();
    await expect(
      teacherPage.getByText('Not invited').filter({ visible: true }).first(),
    ).toBeVisible();
    await expectNoAccessibilityViolations(teacherPage);
    await invite.click();
    await expect(
      teacherPage
        .getByText(/^Invited /)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    await expect(
      teacherPage.getByRole('button', { name: "Invite Naledi Dube's parent again" }),
    ).toBeVisible();
    await shot(teacherPage, testInfo, 'class-invited');

    // The parent opens the link before signing in: who entered the child, and how to sign in.
    const path = await invitationLink(teacher, parentEmail);
    const outside = await (await browser.newContext({ viewport })).newPage();
    await outside.goto(path);
    await expect(
      outside.getByRole('heading', { level: 1, name: "Naledi's eisteddfod entries" }),
    ).toBeVisible();
    await expect(outside.getByText(/sign in \(or register\) with the address/)).toBeVisible();
    await expect(outside.getByText('Dube')).toHaveCount(0);
    await expectNoAccessibilityViolations(outside);
    await shot(outside, testInfo, 'invitation-signed-out');

    // Signed in with the invited address, with a child of their own.
    const parentPage = await (await browser.newContext({ viewport })).newPage();
    const parent = await signedInFamily(parentPage, parentEmail, 'Thandi', 'Dube');
    await addContestant(parent, 'Sizwe', 'Dube', '7');
    await parentPage.goto(path);
    await expect(
      parentPage.getByRole('heading', { level: 2, name: "Your consents as Naledi's parent" }),
    ).toBeVisible();
    const accept = parentPage.getByRole('button', { name: 'Accept the invitation' });
    await expect(accept).toBeDisabled();
    await acceptConsent(parentPage, 'Honour Pledge');
    await acceptConsent(parentPage, 'Terms & Conditions');
    await acceptConsent(parentPage, "Consent for my child's details");
    await expectNoAccessibilityViolations(parentPage);
    await shot(parentPage, testInfo, 'invitation-consents');
    await accept.click();

    // The child the school entered, with her entry, beside the parent's own child.
    await expect(parentPage).toHaveURL(/\/participant-profiles$/);
    await expect(
      parentPage.getByRole('heading', { level: 2, name: 'Entered by a school' }),
    ).toBeVisible();
    const child = parentPage.getByTestId('school-child');
    await expect(child).toHaveCount(1);
    await expect(child.getByRole('heading', { name: 'Naledi Dube' })).toBeVisible();
    await expect(child.getByText(/^DA102 - /)).toBeVisible();
    await expect(child.getByText(/Not paid yet/)).toBeVisible();
    await expect(parentPage.getByText('Sizwe Dube')).toBeVisible();
    await expect(parentPage.getByText('Kabelo')).toHaveCount(0);
    await expectNoAccessibilityViolations(parentPage);
    await shot(parentPage, testInfo, 'contestants-with-school-child');

    // The take-over question, asked before anything moves.
    await child.getByRole('button', { name: 'Take over Naledi Dube' }).click();
    const dialog = parentPage.getByRole('dialog', { name: 'Take Naledi Dube over?' });
    await expectAccessibleDialog(parentPage, dialog);
    await shot(parentPage, testInfo, 'take-over-question');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The teacher sees the parent linked.
    await teacherPage.reload();
    await expect(
      teacherPage.getByText('Parent linked').filter({ visible: true }).first(),
    ).toBeVisible();
    await shot(teacherPage, testInfo, 'class-linked');
  });
});
