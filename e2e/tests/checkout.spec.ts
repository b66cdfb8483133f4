import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { familyApi, registerAndLogIn, stored } from './session.ts';

/** A cart for one contestant with an individual item and a group item, built through the API. */
async function buildCart(page: Page) {
  const { customerId, call } = await familyApi(page);
  const contestant = await call<{ id: number }>(
    'POST',
    `/api/Customers/${customerId}/participant-profile`,
    {
      customerId,
      firstName: 'Lindiwe',
      surname: 'Zulu',
      school: 'Other School',
      grade: '2',
      gender: 'female',
      acceptedTermsAndConditions: true,
      acceptedHonourPledge: true,
    },
  );
  const { eventId } = await call<{ eventId: number }>('GET', '/api/config');
  const itemId = async (code: string) => {
    const page = await call<{ items: { id: number; code: string }[] }>(
      'GET',
      `/api/Eisteddfods/${eventId}/ItemsSearch?skip=0&take=15&search=${code}`,
    );
    const found = page.items.find((item) => item.code === code);
    expect(found, code).toBeDefined();
    return found!.id;
  };
  const cart = await call<{ id: number }>('POST', '/api/Orders', { customerId, orderItems: [] });
  const add = (code: string) =>
    itemId(code).then((id) =>
      call<{ id: number }>('POST', `/api/Orders/${cart.id}/OrderItems`, {
        itemId: id,
        participantProfileId: contestant.id,
      }),
    );
  await add('DA101');
  const group = await add('DA605');
  await page.evaluate(`localStorage.setItem('cart', '${cart.id}')`);
  const completeGroup = () =>
    call(
      'POST',
      `/api/OrderItems/${group.id}/UpdateGroupParticipants`,
      [
        ['Naledi', 'Khumalo', 'female'],
        ['Thabo', 'Mthembu', 'male'],
        ['Zanele', 'Ndlovu', 'female'],
      ].map(([firstName, surname, gender]) => ({
        firstName,
        surname,
        gender,
        school: 'Other School',
        grade: '2',
      })),
    );
  return { orderId: cart.id, contestantId: contestant.id, completeGroup };
}

/** Axe once a dialog's opening transition has finished (half-faded text fails contrast). */
test.describe('checkout', () => {
  test('check out a cart, pay on the sandbox page, find the order and change an item', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const email = `checkout.${test.info().project.name}.${Date.now()}@example.org`;
    await registerAndLogIn(page, email);
    const { orderId, contestantId, completeGroup } = await buildCart(page);

    // Checkout: step 4, details, the order per contestant, a group still needing its members.
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    const lindiwe = page.getByRole('region', { name: 'Contestant: Lindiwe Zulu' });
    await expect(lindiwe.getByRole('listitem')).toHaveCount(2);
    await expect(
      lindiwe.getByText('Group information needed - click manage contestants'),
    ).toBeVisible();
    await expect(lindiwe.getByRole('button', { name: /Manage Contestants/ })).toBeVisible();
    await expect(lindiwe.getByRole('button', { name: /^Remove DA101/ })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(
      page.getByRole('checkbox', { name: /Receive WhatsApp Confirmation/ }),
    ).toBeDisabled();
    await expectNoAccessibilityViolations(page);

    // The first failing check is shown and nothing is charged.
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(
      page.getByText('Please ensure you have entered all participant details for all group items.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);

    // The group's members arrive; the manage dialog shows them.
    await completeGroup();
    await page.reload();
    await expect(lindiwe.getByRole('listitem')).toHaveCount(2);
    await expect(lindiwe.getByText('Group information needed')).toHaveCount(0);
    await lindiwe.getByRole('button', { name: /Manage Contestants/ }).click();
    const members = page.getByRole('dialog', { name: 'Group Participants' });
    await expect(members.getByRole('group', { name: /^Participant \d$/ })).toHaveCount(3);
    await members.getByRole('button', { name: 'Cancel' }).click();
    await expect(members).toBeHidden();
    await expectNoAccessibilityViolations(page);
    const total = (await page.getByTestId('grand-total').textContent()) ?? '';
    expect(total).toMatch(/^R \d+\.\d\d$/);

    // Pay on the sandbox provider's page.
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(new RegExp(`/api/payments/sandbox/${orderId}\\?`));
    await page.getByRole('button', { name: `Pay ${total}` }).click();

    // Back on the portal: the provider's verified notification has credited the order.
    await expect(page).toHaveURL(new RegExp(`/confirmation/${orderId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Success' })).toBeVisible();
    await expect(page.getByText('Thank you for your payment!')).toBeVisible();
    await expect(
      page.getByText(
        'Your transaction has been successfully processed, and your competition entries have been confirmed.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute(
      'href',
      '/participant-profiles',
    );
    expect(await stored(page, 'cart')).toBeNull();
    await expectNoAccessibilityViolations(page);

    // One date for the entry (decision 046): the next steps, the uploads portal and the item
    // card name the same day, each saying what it is for.
    const next = page.getByRole('region', { name: 'What happens next' });
    const line = (await next.getByText(/^Lindiwe: DA101 /).textContent()) ?? '';
    const day = /Upload by (\d{2} [A-Z][a-z]+ \d{4})$/.exec(line)?.[1];
    expect(day, line).toBeDefined();
    await page.goto('/uploads');
    await expect(page.getByRole('article', { name: /^Entry Title: DA101 / })).toHaveAccessibleName(
      new RegExp(`\\| Due: ${day}$`),
    );
    await page.goto(`/${contestantId}/sections`);
    await page.getByRole('searchbox', { name: 'Search all items' }).fill('DA101');
    await expect(
      page.getByRole('article', { name: /DA101/ }).getByText(`Enter by ${day}`),
    ).toBeVisible();

    // My Orders: the paid order with its total and a medium date.
    await page.goto('/my-orders');
    const table = page.getByRole('table', { name: /Your orders/ });
    const row = table.getByRole('row').filter({ hasText: total });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
    await expectNoAccessibilityViolations(page);
    await row.getByRole('link', { name: /View Order/ }).click();

    // View Order: change the poem to another individual Dramatic Arts item of the child's grade.
    await expect(page).toHaveURL(new RegExp(`/view-order/${orderId}$`));
    const entries = page.getByRole('table', { name: /Entries of order/ });
    await expect(entries.getByText(/^DA101 - /)).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText(total);
    await expectNoAccessibilityViolations(page);
    await entries.getByRole('button', { name: /^Edit DA101/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Item Selection' });
    const select = edit.getByRole('combobox', { name: /Select Item Code/ });
    await expect(select).toBeEnabled();
    await expectAccessibleDialog(page, edit);
    await select.click();
    await expect(page.getByRole('option', { name: /^DA605 - / })).toHaveCount(0);
    await expect(page.getByRole('option', { name: /^MU/ })).toHaveCount(0);
    // Only items for the contestant's grade (Grade 2): not DA102, for Grades 4–7 (issue 32).
    await expect(page.getByRole('option', { name: /^DA201 - / })).toBeVisible();
    await expect(page.getByRole('option', { name: /^DA102 - / })).toHaveCount(0);
    await page.getByRole('option', { name: /^DA201 - / }).click();
    await edit.getByRole('button', { name: 'Update Item Code' }).click();
    await expect(page.getByText('Item updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(entries.getByText(/^DA201 - /)).toBeVisible();
    await expect(entries.getByText(/^DA101 - /)).toHaveCount(0);

    // Back to the orders.
    await page.getByRole('link', { name: /Back to Orders/ }).click();
    await expect(page).toHaveURL(/\/my-orders$/);
  });
});
