import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './axe.ts';
import { Client } from './cluster/client.ts';
import {
  addContestant,
  addEntry,
  finalise,
  inviteAdjudicator,
  payCart,
  registerFamily,
  signIn,
  uploadEntryFile,
} from './cluster/journey.ts';
import { useOwnServer } from './own-server.ts';
import { staffSignIn } from './session.ts';
import { png } from './test-files.ts';

// Issue 34, "marking at a judge's pace" (decision 058), done means: an adjudicator marks five
// entries with 'Submit & next' using the keyboard only, the rubric beside the files on a wide
// screen and below them on a phone, nothing wider than the screen, axe clean. On a server of
// its own (the shared e2e organiser is near its pin limit).

const ORGANISER_EMAIL = 'organiser@pace.example';
const serverOrigin = useOwnServer('marking-pace', ORGANISER_EMAIL);

/** The Visual Arts & Design rubric's scores (apps/api/data/demo/rubrics.json), typed in turn. */
const SCORES = ['27', '25', '17', '16'];
const ENTRIES = 5;

async function nothingWiderThanTheScreen(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.screen);
}

/** Five Visual Arts entries (VA101, an artwork each), paid and finalised; their ids. */
async function fiveFinalisedEntries(origin: string, run: string) {
  const family = await registerFamily(origin, `mokoena.${run}@example.org`, 'Mokoena');
  const entries: number[] = [];
  for (let k = 1; k <= ENTRIES; k++) {
    const contestant = await addContestant(family, `Child${k}`, 'Mokoena', '2');
    entries.push(await addEntry(family, 'VA101', contestant));
  }
  await payCart(family);
  for (const id of entries) {
    await uploadEntryFile(family, id, { name: 'art.png', type: 'image/png', data: png() }, 'main');
    await finalise(family, id);
  }
  return entries;
}

test('an adjudicator marks five entries with Submit & next, by keyboard alone', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = serverOrigin();
  const run = `${testInfo.project.name}.${Date.now()}`;
  await fiveFinalisedEntries(origin, run);
  const organiser = new Client(origin);
  await signIn(organiser, ORGANISER_EMAIL);
  const adjudicatorEmail = `adjudicator.${run}@example.org`;
  await inviteAdjudicator(organiser, adjudicatorEmail, ['Visual Arts & Design']);

  const page = await staffSignIn(browser, adjudicatorEmail, origin);
  await page.goto('/staff/marking');
  await expect(page.getByText(`0 of ${ENTRIES} marked · ${ENTRIES} left`)).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await nothingWiderThanTheScreen(page);

  // Into the first entry and its first score with Tab and Enter only.
  const links = page.getByRole('table', { name: 'Entries to mark' }).getByRole('link');
  const firstCode = (await links.first().innerText()).trim();
  for (let k = 0; k < 60; k++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === firstCode)
      break;
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Entry ${firstCode}` })).toBeVisible();
  await expect(page.getByText(`0 of ${ENTRIES} marked · ${ENTRIES} left`)).toBeVisible();
  const firstScore = page.getByRole('textbox', { name: /^Concept and originality, out of/ });
  for (let k = 0; k < 60; k++) {
    if (await firstScore.evaluate((e) => e === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(firstScore).toBeFocused();

  // The rubric beside the artwork on a wide screen, below it on a phone.
  const files = await page.getByRole('heading', { name: 'Files' }).boundingBox();
  const rubric = await page.getByRole('heading', { name: 'Rubric' }).boundingBox();
  if (testInfo.project.name === 'phone') expect(rubric!.y).toBeGreaterThan(files!.y);
  else expect(rubric!.x).toBeGreaterThan(files!.x + 200);
  await expectNoAccessibilityViolations(page);
  await nothingWiderThanTheScreen(page);
  await page.screenshot({ path: testInfo.outputPath('marking-pace.png'), fullPage: true });

  const seen = new Set<string>();
  for (let n = 1; n <= ENTRIES; n++) {
    const heading = page.getByRole('heading', { level: 2, name: /^Entry E\d+$/ });
    const code = (await heading.innerText()).replace('Entry ', '');
    expect(seen.has(code), `${code} opened twice`).toBe(false);
    seen.add(code);
    // The cursor is in the first score: type, Tab, type…, the comment, then Ctrl+Enter.
    await expect(firstScore).toBeFocused();
    for (const value of SCORES) {
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    await expect(page.getByTestId('mark-medal')).toHaveText('85 / 100: Gold.');
    await expect(page.getByRole('textbox', { name: /Adjudicator comment/ })).toBeFocused();
    await page.keyboard.type(`Entry ${n}: bold colour, careful edges.`);
    await page.keyboard.press('Control+Enter');
    if (n < ENTRIES) {
      await expect(page.getByText(`${n} of ${ENTRIES} marked · ${ENTRIES - n} left`)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: `Entry ${code}` })).toBeHidden();
    }
  }

  // After the last one: the list, every entry marked.
  await expect(page).toHaveURL(/\/staff\/marking$/);
  await expect(page.getByText(`${ENTRIES} of ${ENTRIES} marked · 0 left`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Entries to mark' });
  for (const code of seen) {
    const row = table.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('Submitted');
    await expect(row).toContainText('85');
  }
  await expectNoAccessibilityViolations(page);
  await nothingWiderThanTheScreen(page);
  await page.context().close();
});
