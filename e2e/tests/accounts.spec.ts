import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './axe.ts';

/** The newest one-time pin sent to an email address or mobile number, read from the dev outbox. */
async function latestPin(page: Page, to: string, channel: 'email' | 'whatsapp'): Promise<string> {
  let pin = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      if (!response.ok()) return '';
      const messages = (await response.json()) as { channel: string; body: string }[];
      const message = messages.find((m) => m.channel === channel);
      pin = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '';
      return pin;
    })
    .toMatch(/^\d{6}$/);
  return pin;
}

async function typePin(page: Page, pin: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(pin);
}

/** Opens a menu entry: in the header on desktops, behind the burger on phones. */
async function useMenu(page: Page, name: string, isPhone: boolean) {
  if (isPhone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    await drawer.getByRole(name === 'Logout' ? 'button' : 'link', { name }).click();
  } else {
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole(name === 'Logout' ? 'button' : 'link', { name }).click();
  }
}

async function fillNames(page: Page, firstName: string, surname: string) {
  await page.getByRole('textbox', { name: 'First Name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Surname' }).fill(surname);
}

test.describe('accounts', () => {
  test('register by email, verify, log out, log in by mobile with a WhatsApp pin, update My Profile', async ({
    page,
    viewport,
  }) => {
    test.setTimeout(120_000);
    const isPhone = (viewport?.width ?? 1280) < 992;
    const project = test.info().project.name;
    const stamp = Date.now();
    const email = `parent.${project}.${stamp}@example.org`;
    // Unique per project and run; 10 digits, typed without the country code.
    const mobile = `08${isPhone ? 2 : 1}${String(stamp).slice(-7)}`;

    // A second account, registered in mobile mode; its WhatsApp pin is used later to log in.
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create An Account' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('South Africa');
    await expectNoAccessibilityViolations(page);
    await page.getByText('Mobile', { exact: true }).click();
    await fillNames(page, 'Sipho', 'Dlamini');
    await page.getByRole('textbox', { name: 'Mobile Number' }).fill(mobile);
    await page.getByRole('combobox', { name: 'Country' }).fill('Botsw');
    await page.getByRole('option', { name: 'Botswana' }).click();
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Botswana');
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Create An Account' }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByText(mobile)).toBeVisible();
    // The pin-only token is dropped: the menu still shows the logged-out entries.
    if (!isPhone) {
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
      ).toBeVisible();
    }

    // Register by email, verify with the emailed pin.
    await page.goto('/register');
    await fillNames(page, 'Thandi', 'Nkosi');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Create An Account' }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole('heading', { name: 'OTP Verification Code' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send New Code' })).toBeDisabled();
    await expect(page.getByText(/You can send a new code in \d+ seconds\./)).toBeVisible();
    await expectNoAccessibilityViolations(page);

    const emailPin = await latestPin(page, email, 'email');
    const wrongPin = String((Number(emailPin) + 1) % 1_000_000).padStart(6, '0');
    await typePin(page, wrongPin);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page.getByText('Please re-enter your OTP or generate a new OTP.')).toBeVisible();
    await expect(page).toHaveURL(/\/verify$/);
    // Checked with a titled toast on screen: its message and close button must pass too.
    await expectNoAccessibilityViolations(page);

    await typePin(page, emailPin);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page).toHaveURL(/\/participant-profiles$/);
    await expect(page.getByText('OTP validated successfully.')).toBeVisible();

    // The same address cannot register twice.
    await useMenu(page, 'Logout', isPhone);
    await expect(page.getByText('You have been logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/register');
    await fillNames(page, 'Thandi', 'Nkosi');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Create An Account' }).click();
    await expect(page.getByText('User already exists. Please try logging in below.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // Log in by mobile number with the WhatsApp pin.
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await expect(
      page.getByRole('alert').getByText('Please enter a valid email or mobile number'),
    ).toBeVisible();
    await page.getByText('Mobile', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Mobile Number' }).fill(mobile);
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByText(mobile)).toBeVisible();
    const whatsAppPin = await latestPin(page, mobile, 'whatsapp');
    await typePin(page, whatsAppPin);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page).toHaveURL(/\/participant-profiles$/);

    // My Profile: names and country change; email and mobile number do not.
    await useMenu(page, 'My Profile', isPhone);
    await expect(page).toHaveURL(/\/my-profile$/);
    const firstName = page.getByRole('textbox', { name: 'First Name' });
    await expect(firstName).toHaveValue('Sipho');
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Botswana');
    const mobileField = page.getByRole('textbox', { name: 'Mobile Number' });
    await expect(mobileField).toHaveAttribute('readonly', '');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
    await expectNoAccessibilityViolations(page);

    await firstName.fill('Siphokazi');
    await page.getByRole('combobox', { name: 'Country' }).fill('Namib');
    await page.getByRole('option', { name: 'Namibia' }).click();
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile details updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Siphokazi');
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Namibia');
  });

  test('login with an unknown email says there is no such account', async ({ page }) => {
    const email = `nobody.${test.info().project.name}.${Date.now()}@example.org`;
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Request OTP' }).click();
    await expect(page.getByText('User not found')).toBeVisible();
    // The toast, and the field marked with its words (issue 32).
    await expect(
      page.getByRole('alert').getByText(`We do not have an account with the email: ${email}.`),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page).toHaveURL(/\/login$/);
  });
});
