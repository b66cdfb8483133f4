import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './axe.ts';

test.describe('app shell', () => {
  test('home page shows the event, key dates and the way in', async ({ page }) => {
    await page.goto('/');
    // The title names the year of the event's own key dates (issue 19: '2025' above 2026's).
    const { year } = (await (await page.request.get('/api/config')).json()) as { year: number };
    await expect(
      page.getByRole('heading', { level: 1, name: `Online Eisteddfod ${year}` }),
    ).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Registration opens' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Submission period/ })).toContainText(String(year));
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('link', { name: 'Enter Now' }).first().click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the information page shows dates and fees from the server', async ({ page }) => {
    await page.goto('/Events/Concours');
    await expect(page.getByRole('heading', { name: 'Fees' })).toBeVisible();
    await expect(
      page.getByRole('row', { name: /Individual entry, per person per item R 160\.00/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('row', { name: /10 or more participants R 350\.00/ }),
    ).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });

  test('a guarded route without a login warns and goes to /login', async ({ page }) => {
    await page.goto('/participant-profiles');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please login to access this page')).toBeVisible();
  });

  test('client routes survive a reload, in any casing, and unknown ones say so', async ({
    page,
  }) => {
    await page.goto('/events/concours');
    await expect(page.getByRole('heading', { name: 'Fees' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Fees' })).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });

  test('the menu works at this width', async ({ page, viewport }) => {
    await page.goto('/');
    if ((viewport?.width ?? 1280) < 992) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('navigation', { name: 'Mobile' });
      await drawer.getByRole('link', { name: 'INFO' }).click();
    } else {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'INFO' })
        .click();
    }
    await expect(page).toHaveURL(/\/Events\/Concours$/);
    await expect(page.getByRole('heading', { name: 'Fees' })).toBeVisible();
  });

  test('a failing API call shows the generic error toast', async ({ page }) => {
    await page.route('**/api/content', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'boom' }),
      }),
    );
    await page.goto('/Events/Concours');
    await expect(
      page.getByText("An error has occurred. Please contact the provider's support"),
    ).toBeVisible({ timeout: 15_000 });
  });
});
