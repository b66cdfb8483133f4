import { DEACTIVATION_MESSAGES } from '@eisteddfod/shared';
import { expect, test } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { openConsoleLink, openStaffArea, requestEmailPin, staffSignIn } from './session.ts';

// Issue 16, staff (decision 019): an organiser invites an adjudicator, who signs in; the
// organiser deactivates them, which ends their open session and refuses their next sign-in,
// then reactivates them.

/** The bootstrap organiser of the e2e server (playwright.config.ts). */
const ORGANISER_EMAIL = 'organiser@e2e.example';

test('an organiser invites an adjudicator, deactivates them and reactivates them', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const organiser = await staffSignIn(browser, ORGANISER_EMAIL);
  await openStaffArea(organiser, testInfo);
  await openConsoleLink(organiser, testInfo, 'Staff');
  await expect(organiser.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();

  // The organiser is the only one: no button, and the reason why.
  const table = organiser.getByRole('region', { name: 'Staff members' });
  await expect(table.getByText(DEACTIVATION_MESSAGES.self).first()).toBeVisible();

  const email = `adjudicator-${testInfo.project.name}-${Date.now()}@e2e.example`;
  const form = organiser.getByRole('form', { name: 'Invite a member of staff' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Thandi');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Nkosi');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await organiser.getByRole('option', { name: 'Adjudicator' }).click();
  await form.getByRole('button', { name: 'Invite' }).click();
  await expect(
    organiser.getByText('Thandi Nkosi was invited by email as adjudicator.'),
  ).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Active')).toBeVisible();
  await expectNoAccessibilityViolations(organiser);
  await organiser.screenshot({ path: testInfo.outputPath('staff-members.png'), fullPage: true });

  // The adjudicator signs in with the emailed pin and sees their marking.
  const adjudicator = await staffSignIn(browser, email);
  const session = await adjudicator.evaluate<string | null>(`localStorage.getItem('token')`);
  const marking = () =>
    adjudicator.request.get('/api/Staff/Marking', {
      headers: { authorization: `Bearer ${session}` },
    });
  expect((await marking()).status()).toBe(200);

  // Deactivated after a confirmation: their open session ends at once.
  await row.getByRole('button', { name: 'Deactivate Thandi Nkosi' }).click();
  const dialog = organiser.getByRole('dialog', { name: 'Deactivate Thandi Nkosi' });
  await expectAccessibleDialog(organiser, dialog);
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByText('Deactivated')).toBeVisible();
  expect((await marking()).status()).toBe(401);

  // Their next sign-in is refused after the pin, with the reason, and starts no session.
  const refused = await (await browser.newContext()).newPage();
  await requestEmailPin(refused, email);
  await refused.getByRole('button', { name: 'Verify Code' }).click();
  await expect(refused.getByText(DEACTIVATION_MESSAGES.deactivated)).toBeVisible();
  await expect(refused).toHaveURL(/\/verify$/);
  await refused.screenshot({ path: testInfo.outputPath('deactivated-sign-in.png') });

  await row.getByRole('button', { name: 'Reactivate Thandi Nkosi' }).click();
  await expect(organiser.getByText('Thandi Nkosi may sign in again.')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  // The session ended stays ended; a new sign-in works, and starts on their marking (issue 34).
  expect((await marking()).status()).toBe(401);
  const again = await staffSignIn(browser, email);
  await expect(again).toHaveURL(/\/staff\/marking$/);
});
