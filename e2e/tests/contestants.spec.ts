import { deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { familyApi, registerAndLogIn } from './session.ts';

/** A 200 x 200 PNG (a head and shoulders on blue), made here so the test needs no files. */
function makePng(size = 200): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) {
      const dx = x - size / 2;
      const isHead = dx * dx + (y - size * 0.38) ** 2 < (size * 0.2) ** 2;
      const isBody = (dx * dx) / 1.6 + (y - size * 1.05) ** 2 < (size * 0.42) ** 2;
      const rgb = isHead ? [224, 172, 105] : isBody ? [30, 60, 120] : [120 + (y >> 2), 170, 220];
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether an <img> has really loaded its picture. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() =>
      image.evaluate((img) =>
        img instanceof HTMLImageElement && img.complete ? img.naturalWidth : 0,
      ),
    )
    .toBeGreaterThan(0);
}

async function acceptConsent(page: Page, name: 'Honour Pledge' | 'Terms & Conditions') {
  await page.getByRole('checkbox', { name }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'I Accept' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('checkbox', { name })).toBeChecked();
}

async function fillContestant(
  page: Page,
  contestant: { firstName: string; surname: string; school: string; grade: string },
) {
  await page.getByRole('textbox', { name: 'First Names' }).fill(contestant.firstName);
  await page.getByRole('textbox', { name: 'Last Name' }).fill(contestant.surname);
  await page.getByRole('combobox', { name: 'School' }).fill(contestant.school.slice(0, 6));
  await page.getByRole('option', { name: contestant.school }).click();
  await page.getByRole('combobox', { name: 'Age & Grade' }).click();
  await page.getByRole('option', { name: contestant.grade }).click();
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

test.describe('contestants', () => {
  test('add two contestants (one with a picture), edit one, delete the other; one with items cannot be deleted', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // One account per project and run: registration and pin sends are rate limited.
    const email = `contestants.${test.info().project.name}.${Date.now()}@example.org`;
    await registerAndLogIn(page, email);

    // No contestants yet.
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Contestant Profiles, Now choose items for your entry',
      }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Entered Contestants' })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);

    // The first contestant, with a picture.
    await page.getByRole('link', { name: '+ Add New Contestant' }).click();
    await expect(page).toHaveURL(/\/\d+\/create-participant-profile$/);
    await expect(page.getByRole('heading', { name: 'Add Contestant' })).toBeVisible();
    await expect(page.getByText(/head-and-shoulders photo/)).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await page.getByRole('button', { name: 'Add Contestant' }).click();
    // The toast, and the box at fault marked with its words and focused (issue 32).
    await expect(
      page.getByRole('alert').getByText('Please accept the terms and conditions'),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Terms & Conditions' })).toBeFocused();

    await page.getByRole('checkbox', { name: 'Honour Pledge' }).click();
    const pledge = page.getByRole('dialog', { name: 'Honour Pledge' });
    await expect(pledge).toContainText('continuous take');
    await expectNoAccessibilityViolations(page);
    await pledge.getByRole('button', { name: 'I Accept' }).click();
    await expect(page.getByRole('checkbox', { name: 'Honour Pledge' })).toBeChecked();
    await acceptConsent(page, 'Terms & Conditions');

    await fillContestant(page, {
      firstName: 'Ayanda',
      surname: 'Dlamini',
      school: 'Aloe Crest Primary School',
      grade: 'Grade 5 (10-11 years)',
    });
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'ayanda-uniform.png',
      mimeType: 'image/png',
      buffer: makePng(),
    });
    await expect(page.getByText('File uploaded successfully')).toBeVisible();
    await expectLoaded(page.getByRole('img', { name: 'Profile picture of Ayanda Dlamini' }));
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Add Contestant' }).click();
    await expect(page).toHaveURL(/\/participant-profiles$/);
    await expect(page.getByText('Profile created successfully')).toBeVisible();

    // The second contestant, without a picture.
    await page.getByRole('link', { name: '+ Add New Contestant' }).click();
    await acceptConsent(page, 'Honour Pledge');
    await acceptConsent(page, 'Terms & Conditions');
    await fillContestant(page, {
      firstName: 'Sipho',
      surname: 'Nkosi',
      school: 'Other School',
      grade: 'Grade R (5-6 years)',
    });
    await page.getByRole('button', { name: 'Add Contestant' }).click();
    await expect(page).toHaveURL(/\/participant-profiles$/);

    // Both cards, the picture loaded.
    await expect(page.getByRole('heading', { name: 'Entered Contestants' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);
    const ayanda = card(page, 'Ayanda Dlamini');
    await expectLoaded(ayanda.getByRole('img', { name: 'Profile picture of Ayanda Dlamini' }));
    await expect(ayanda.getByText('Aloe Crest Primary School')).toBeVisible();
    await expect(ayanda.getByText('Grade 5', { exact: true })).toBeVisible();
    await expect(ayanda.getByText('You have not entered any items yet.')).toBeVisible();
    const sipho = card(page, 'Sipho Nkosi');
    await expect(
      sipho.getByRole('img', { name: 'Sipho Nkosi has no profile picture yet' }),
    ).toHaveText('SN');
    await expect(sipho.getByText('Grade R', { exact: true })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Edit the first.
    await ayanda.getByRole('link', { name: /Edit Profile/ }).click();
    await expect(page).toHaveURL(/\/edit-profile\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Edit Contestant' })).toBeVisible();
    const surname = page.getByRole('textbox', { name: 'Last Name' });
    await expect(surname).toHaveValue('Dlamini');
    await expect(page.getByRole('combobox', { name: 'School' })).toHaveValue(
      'Aloe Crest Primary School',
    );
    await expectLoaded(page.getByRole('img', { name: 'Profile picture of Ayanda Dlamini' }));
    await expectNoAccessibilityViolations(page);
    await surname.fill('Dlamini-Zulu');
    await page.getByRole('combobox', { name: 'Age & Grade' }).click();
    await page.getByRole('option', { name: 'Grade 6 (11-12 years)' }).click();
    await page.getByRole('button', { name: 'Update Contestant' }).click();
    await expect(page).toHaveURL(/\/participant-profiles$/);
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    const edited = card(page, 'Ayanda Dlamini-Zulu');
    await expect(edited.getByText('Grade 6', { exact: true })).toBeVisible();
    await expectLoaded(edited.getByRole('img', { name: /Profile picture of Ayanda/ }));

    // Delete the second.
    await sipho.getByRole('button', { name: 'Delete Sipho Nkosi' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(
      'Are you really sure you want to delete this Contestant? All information about the Contestant will be removed',
    );
    await expectAccessibleDialog(page, confirm);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Contestest profile delete successfully')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);

    // A contestant with an entered item, entered through the real API as the cart screens do
    // (their own journey is cart.spec.ts): a group item with its members.
    const { customerId, call } = await familyApi(page);
    const contestants = await call<{ id: number; firstName: string }[]>(
      'GET',
      `/api/Customers/${customerId}/participant-profiles`,
    );
    const ayandaId = contestants.find((c) => c.firstName === 'Ayanda')!.id;
    const { eventId } = await call<{ eventId: number }>('GET', '/api/config');
    const search = await call<{ items: { id: number; code: string }[] }>(
      'GET',
      `/api/Eisteddfods/${eventId}/ItemsSearch?skip=0&take=15&search=DA902`,
    );
    const cart = await call<{ id: number }>('POST', '/api/Orders', { customerId, orderItems: [] });
    const entry = await call<{ id: number }>('POST', `/api/Orders/${cart.id}/OrderItems`, {
      itemId: search.items.find((i) => i.code === 'DA902')!.id,
      participantProfileId: ayandaId,
    });
    await call(
      'POST',
      `/api/OrderItems/${entry.id}/UpdateGroupParticipants`,
      ['Lerato', 'Naledi', 'Thabo', 'Zanele', 'Sizwe'].map((firstName) => ({
        firstName,
        surname: 'Khumalo',
        school: 'Other School',
        gender: firstName === 'Thabo' || firstName === 'Sizwe' ? 'male' : 'female',
        grade: '6',
      })),
    );
    await page.reload();
    await expect(edited.getByRole('button', { name: /DA902/ })).toBeVisible();
    await expect(edited.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await expect(edited.getByText('You have not entered any items yet.')).toHaveCount(0);
    await edited.getByRole('button', { name: /DA902/ }).click();
    const item = page.getByRole('dialog', { name: /^DA902 Choral Verse Speaking/ });
    await expect(item).toContainText('A group performs a poem in unison and in parts');
    await expect(item.getByRole('row', { name: 'Lerato Khumalo 6 Other School' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
});
