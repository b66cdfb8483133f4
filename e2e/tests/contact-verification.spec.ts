import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { requestEmailPin } from './session.ts';

/**
 * Decision 031 (issue 30): a contact detail a family typed but never proved with a pin is "Not
 * verified yet" on My Profile, and nothing personal goes to it until the family enters the pin
 * sent there. A family registered by email with a mobile number it gave (as a script or an old
 * client can) proves the number from My Profile.
 */
async function whatsAppPin(page: Page, to: string): Promise<string> {
  let pin = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      if (!response.ok()) return '';
      const messages = (await response.json()) as { channel: string; body: string }[];
      pin =
        /\b(\d{6})\b/.exec(messages.find((m) => m.channel === 'whatsapp')?.body ?? '')?.[1] ?? '';
      return pin;
    })
    .toMatch(/^\d{6}$/);
  return pin;
}

test('a family proves its mobile number on My Profile with a WhatsApp pin', async ({
  page,
}, testInfo) => {
  const stamp = `${Date.now()}${testInfo.project.name === 'phone' ? 1 : 0}`;
  const email = `proof.${stamp}@example.org`;
  const mobile = `083${stamp.slice(-7)}`;
  const created = await page.request.post('/api/Customers/CustomerAndUser', {
    data: {
      firstName: 'Zanele',
      surname: 'Dube',
      email,
      mobileNumber: mobile,
      country: 'South Africa',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await requestEmailPin(page, email);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(/\/participant-profiles$/);

  await page.goto('/my-profile');
  await expect(page.getByText('Not verified yet')).toBeVisible();
  await expect(
    page.getByText('We send nothing to a number or address until you confirm it is yours'),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.screenshot({ path: testInfo.outputPath('my-profile-unproved.png'), fullPage: true });

  // Nothing of the step is cut short on a phone.
  const verify = page.getByRole('button', { name: 'Verify mobile number' });
  const box = (await verify.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width - 16);
  const fits = (b: { scrollWidth: number; clientWidth: number }) => b.scrollWidth <= b.clientWidth;
  expect(await verify.evaluate(fits)).toBe(true);
  await verify.click();
  const dialog = page.getByRole('dialog', { name: 'OTP Verification Code' });
  await expect(dialog).toBeVisible();
  await expectAccessibleDialog(page, dialog);
  await page.screenshot({ path: testInfo.outputPath('my-profile-pin.png') });
  const pin = await whatsAppPin(page, mobile);
  await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(pin);
  await dialog.getByRole('button', { name: 'Verify Code' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Not verified yet')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Mobile Number' })).toBeVisible();
  await expect(page.getByText('Not verified yet')).toHaveCount(0);
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
});
