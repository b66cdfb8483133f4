// Over 350 lines on purpose: one journey from invitation to a verified certificate, whose steps
// depend on each other's state (a family pays, an adjudicator marks, an organiser publishes).
import { medalFor } from '@eisteddfod/shared';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { pdfText } from './pdf-text.ts';
import { png } from './test-files.ts';
import {
  expectOk,
  familyApi,
  finaliseWhenProcessed,
  openConsoleLink,
  openStaffArea,
  registerAndLogIn,
  staffSignIn,
} from './session.ts';

// Issue 9, "done means": an organiser assigns an adjudicator, who marks a finalised entry blind;
// the organiser publishes; the family sees the result and opens the certificate, whose QR code's
// page confirms it. The family's entry is set up through the API (other issues own those
// screens); every staff step is driven in the browser.

/** The bootstrap organiser of the e2e server (playwright.config.ts). */
const ORGANISER_EMAIL = 'organiser@e2e.example';

/** The contestant, whose name and school the adjudicator must never see. */
const CONTESTANT = { firstName: 'Thandeka', surname: 'Ngcobo', school: 'Amberkloof High School' };
const ITEM_CODE = 'VA101';
const SECTION = 'Visual Arts & Design';

/** Scores for the Visual Arts & Design rubric (apps/api/data/demo/rubrics.json). */
const SCORES = [
  { name: 'Concept and originality', value: 27, maxValue: 30 },
  { name: 'Technique and use of media', value: 25, maxValue: 30 },
  { name: 'Composition', value: 17, maxValue: 20 },
  { name: 'Presentation', value: 16, maxValue: 20 },
];
const TOTAL = SCORES.reduce((sum, s) => sum + s.value, 0);
const MEDAL = medalFor(TOTAL);
const COMMENT = 'A bold, confident painting: the sky is lovely. Watch the edges of the frame.';

/**
 * Setup through the API (issues 5 to 8 own these screens): a contestant, a paid order of one
 * Visual Arts item (paid on the sandbox pay page), its artwork uploaded and the entry finalised.
 */
async function finalisedEntry(page: Page, email: string) {
  const { customerId, headers, call } = await familyApi(page);
  const contestant = await call<{ id: number }>(
    'POST',
    `/api/Customers/${customerId}/participant-profile`,
    {
      customerId,
      ...CONTESTANT,
      grade: '2',
      gender: 'female',
      acceptedTermsAndConditions: true,
      acceptedHonourPledge: true,
    },
  );
  const { eventId } = await call<{ eventId: number }>('GET', '/api/config');
  const search = await call<{ items: { id: number; code: string }[] }>(
    'GET',
    `/api/Eisteddfods/${eventId}/ItemsSearch?skip=0&take=15&search=${ITEM_CODE}`,
  );
  const item = search.items.find((i) => i.code === ITEM_CODE);
  expect(item, ITEM_CODE).toBeDefined();
  const order = await call<{ id: number }>('POST', '/api/Orders', { customerId, orderItems: [] });
  const entry = await call<{ id: number }>('POST', `/api/Orders/${order.id}/OrderItems`, {
    itemId: item!.id,
    participantProfileId: contestant.id,
  });

  // Pay on the sandbox provider's page, as checkout.spec.ts does through the checkout screen.
  const { link } = await call<{ link: string }>(
    'GET',
    `/api/Orders/${order.id}/PaymentLink/${encodeURIComponent(email)}`,
  );
  await page.goto(link);
  await page.getByRole('button', { name: /^Pay R / }).click();
  await expect(page).toHaveURL(new RegExp(`/confirmation/${order.id}$`));

  // The artwork as the main file, then finalised (spec 4, "Finalising").
  const upload = await page.request.post('/api/Uploads/UploadS3Files', {
    headers: {
      ...headers,
      orderId: '0',
      orderItemId: String(entry.id),
      uploadTypeId: '2',
      updatedFilename: 'painting.png',
    },
    multipart: { file: { name: 'painting.png', mimeType: 'image/png', buffer: png() } },
  });
  await expectOk(upload, 'UploadS3Files');
  await finaliseWhenProcessed(page, headers, entry.id);
  return { orderItemId: entry.id, entryCode: `E${entry.id}` };
}

/** How many emails the dev outbox holds for an address. */
/**
 * The family's Results modal in the uploads portal (spec 2): scores, total, medal, comment and
 * the certificate links. Answers the first certificate's URL.
 */
async function familyReadsResultInPortal(page: Page, orderItemId: number): Promise<string> {
  await page.goto('/uploads');
  await page.getByRole('button', { name: `View Result of ${ITEM_CODE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Results' });
  const scores = dialog.getByRole('table', { name: `Scores for ${ITEM_CODE}` });
  await expect(scores).toBeVisible();
  for (const s of SCORES) {
    await expect(scores.getByRole('row', { name: new RegExp(`^${s.name}\\b`) })).toContainText(
      `${s.value} / ${s.maxValue}`,
    );
  }
  await expect(dialog.getByTestId('result-total')).toHaveText(String(TOTAL));
  await expect(dialog.getByText(MEDAL, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Adjudicator Comment' })).toHaveValue(COMMENT);
  const certificate = dialog.getByRole('link', { name: /certificate/i }).first();
  await expect(certificate).toBeVisible();
  await expectAccessibleDialog(page, dialog);
  const href = await certificate.getAttribute('href');
  expect(href, `certificate link of entry ${orderItemId}`).toBeTruthy();
  return href!;
}

/**
 * The same result through the API the modal reads (GET /api/OrderItems/{id}/Result), for when
 * the portal's screen is not there. Answers the first certificate's URL.
 */
async function familyReadsResultByApi(page: Page, orderItemId: number): Promise<string> {
  const { call } = await familyApi(page);
  const result = await call<{
    itemCode: string;
    scores: { name: string; value: number; maxValue: number }[];
    total: number | null;
    medal: string | null;
    comment: string | null;
    certificates: { label: string; url: string }[];
  }>('GET', `/api/OrderItems/${orderItemId}/Result`);
  expect(result).toMatchObject({
    itemCode: ITEM_CODE,
    total: TOTAL,
    medal: MEDAL,
    comment: COMMENT,
  });
  expect(result.scores).toEqual(SCORES);
  expect(result.certificates).toHaveLength(1);
  return result.certificates[0]!.url;
}

test.describe('adjudication and results', () => {
  test('an organiser assigns, an adjudicator marks blind, the organiser publishes, the family sees the result and a genuine certificate', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const run = `${testInfo.project.name}.${Date.now()}`;
    const familyEmail = `family.${run}@example.org`;
    const adjudicatorEmail = `adjudicator.${run}@example.org`;
    const adjudicator = { firstName: 'Pieter', surname: `Marais ${testInfo.project.name}` };
    const adjudicatorName = `${adjudicator.firstName} ${adjudicator.surname}`;

    // ---- The family: a finalised Visual Arts entry (API setup). ----
    await registerAndLogIn(page, familyEmail);
    const { orderItemId, entryCode } = await finalisedEntry(page, familyEmail);

    // Before publication the family sees no result.
    const { call: familyCall } = await familyApi(page);
    const early = await familyCall<{ scores: unknown[]; total: number | null }>(
      'GET',
      `/api/OrderItems/${orderItemId}/Result`,
    );
    expect(early).toMatchObject({ scores: [], total: null });

    // ---- The organiser invites an adjudicator and assigns the section. ----
    const organiser = await staffSignIn(browser, ORGANISER_EMAIL);
    await openStaffArea(organiser, testInfo);
    await expect(organiser.getByText(/Signed in as .* \(organiser\)/)).toBeVisible();
    await expect(organiser.getByRole('table', { name: 'Entries per section' })).toBeVisible();
    await expectNoAccessibilityViolations(organiser);

    await openConsoleLink(organiser, testInfo, 'Adjudicators');
    await expect(organiser).toHaveURL(/\/staff\/adjudicators$/);
    await expect(organiser.getByRole('heading', { level: 1, name: 'Adjudicators' })).toBeVisible();
    const invite = organiser.getByRole('form', { name: 'Invite an adjudicator' });
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(invite.getByText('Please enter a valid email address')).toBeVisible();
    await invite.getByRole('textbox', { name: 'First name' }).fill(adjudicator.firstName);
    await invite.getByRole('textbox', { name: 'Surname' }).fill(adjudicator.surname);
    await invite.getByRole('textbox', { name: 'Email' }).fill(adjudicatorEmail);
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(organiser.getByText(`${adjudicatorName} was invited by email.`)).toBeVisible();
    const card = organiser.getByRole('article', { name: adjudicatorName });
    await expect(card).toContainText(adjudicatorEmail);
    await expect(card).toContainText('Nothing assigned yet.');
    await card.getByRole('combobox', { name: `Assign to ${adjudicatorName}` }).click();
    await organiser.getByRole('option', { name: SECTION, exact: true }).click();
    await card.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(
      card.getByRole('button', { name: `Remove ${SECTION} from ${adjudicatorName}` }),
    ).toBeVisible();
    await expect(card).toContainText(/Marked 0 of [1-9]\d*/);
    await expectNoAccessibilityViolations(organiser);

    // ---- The adjudicator marks the entry blind. ----
    // The adjudicator's session starts on their marking (issue 34).
    const marker = await staffSignIn(browser, adjudicatorEmail);
    await expect(marker).toHaveURL(/\/staff\/marking$/);
    await expect(marker.getByText(/Signed in as .* \(adjudicator\)/)).toBeVisible();
    const list = marker.getByRole('table', { name: 'Entries to mark' });
    const row = list.getByRole('row').filter({ hasText: entryCode });
    await expect(row).toContainText(ITEM_CODE);
    await expect(row).toContainText('Not marked');
    const blind = async () => {
      const text = await marker.locator('body').innerText();
      for (const secret of [CONTESTANT.firstName, CONTESTANT.surname, CONTESTANT.school]) {
        expect(text, `the adjudicator's page shows ${secret}`).not.toContain(secret);
      }
    };
    await blind();
    await expectNoAccessibilityViolations(marker);

    await row.getByRole('link', { name: entryCode, exact: true }).click();
    await expect(marker).toHaveURL(new RegExp(`/staff/marking/${orderItemId}$`));
    await expect(marker.getByRole('heading', { name: `Entry ${entryCode}` })).toBeVisible();
    const artwork = marker.getByRole('img', { name: `Main file 1 (.png) of entry ${entryCode}` });
    await expect(artwork).toBeVisible();
    await expect
      .poll(() => artwork.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(marker.getByRole('link', { name: 'Open Main file 1 (.png)' })).toBeVisible();
    await blind();
    await expectNoAccessibilityViolations(marker);

    // Submitting with a criterion left out is refused in the form.
    await marker.getByRole('button', { name: 'Submit mark' }).click();
    await expect(
      marker.getByRole('alert').filter({ hasText: 'Please check the scores' }),
    ).toBeVisible();
    for (const s of SCORES) {
      await marker
        .getByRole('textbox', { name: `${s.name}, out of ${s.maxValue}` })
        .fill(String(s.value));
    }
    await expect(marker.getByTestId('mark-total')).toHaveText(`${TOTAL} / 100`);
    await marker.getByRole('textbox', { name: 'Adjudicator comment' }).fill(COMMENT);
    await marker.getByRole('button', { name: 'Submit mark' }).click();
    await expect(marker.getByText('Mark submitted')).toBeVisible();
    await expect(marker.getByRole('button', { name: 'Submit mark' })).toHaveCount(0);
    await expect(marker.getByText('This mark has been submitted.')).toBeVisible();
    await blind();
    await expectNoAccessibilityViolations(marker);
    await marker.getByRole('link', { name: 'Back to your entries' }).click();
    await expect(row).toContainText('Submitted');
    await expect(row).toContainText(String(TOTAL));
    await marker.context().close();

    // ---- The organiser reviews and publishes. ----
    await openConsoleLink(organiser, testInfo, 'Results');
    await expect(organiser).toHaveURL(/\/staff\/results$/);
    await expect(organiser.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
    const review = organiser.getByRole('row').filter({ hasText: entryCode });
    await expect(review).toContainText(`${CONTESTANT.firstName} ${CONTESTANT.surname}`);
    await expect(review).toContainText(CONTESTANT.school);
    await expect(review).toContainText(adjudicatorName);
    await expect(review).toContainText('Submitted');
    await expect(review).toContainText(String(TOTAL));
    await expect(review).toContainText(MEDAL);
    await expectNoAccessibilityViolations(organiser);
    await organiser.getByRole('button', { name: 'Publish results…' }).click();
    await organiser.getByRole('menuitem', { name: 'Publish all sections' }).click();
    const confirm = organiser.getByRole('dialog', { name: 'Publish results' });
    await expect(confirm).toContainText('every section');
    await expectAccessibleDialog(organiser, confirm);
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(organiser.getByText(/\d+ results? published/)).toBeVisible();
    await expect(review).toContainText('Published');
    // Certificates are made by a background job after publication; the review looks again
    // every 2 s until they exist, which a loaded machine may take more than one look for.
    await expect(
      review.getByRole('button', { name: `Make the certificates of ${entryCode} again` }),
    ).toContainText('Certificates (1)', { timeout: 20_000 });
    await expectNoAccessibilityViolations(organiser);
    await organiser.context().close();

    // ---- The family sees the result and opens the certificate. ----
    const certificateUrl = await familyReadsResultInPortal(page, orderItemId);
    expect(await familyReadsResultByApi(page, orderItemId)).toBe(certificateUrl);
    const pdf = await page.request.get(certificateUrl);
    await expectOk(pdf, 'certificate');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = pdfText(await pdf.body());
    expect(text).toContain(`${CONTESTANT.firstName} ${CONTESTANT.surname}`);
    expect(text).toContain(ITEM_CODE);
    expect(text).toContain(MEDAL);
    const code = /\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b/.exec(text)?.[0];
    expect(code, 'the verification code printed on the certificate').toBeDefined();

    // The QR code's page: genuine, and naming what the certificate certifies.
    const verified = await page.goto(`/certificates/verify/${code}`);
    expect(verified?.status()).toBe(200);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Genuine certificate' }),
    ).toBeVisible();
    await expect(page.getByText(`${CONTESTANT.firstName} ${CONTESTANT.surname}`)).toBeVisible();
    await expect(page.getByText(CONTESTANT.school)).toBeVisible();
    await expect(page.getByText(new RegExp(`^${ITEM_CODE} - `))).toBeVisible();
    await expect(page.getByText(MEDAL, { exact: true })).toBeVisible();
    await expect(page.getByText(String(TOTAL), { exact: true })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // A made-up code is refused.
    const madeUp = await page.goto('/certificates/verify/ABCD-EFGH-JKMN');
    expect(madeUp?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Certificate not recognised' }),
    ).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
});
