import { expect, test, type Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './axe.ts';
import { pdfText } from './pdf-text.ts';

/** Scrolls through the page so that every lazy image loads, then back to the top. */
async function scrollThrough(page: Page) {
  // A string, as this project's e2e types have no DOM library.
  await page.evaluate(`(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  })()`);
}

/** Every image on the page has loaded and has a width, and an alt attribute. */
async function expectImagesLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate<string[]>(
        '[...document.images].filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src)',
      ),
    )
    .toEqual([]);
  const withoutAlt = await page.evaluate<string[]>(
    '[...document.images].filter((i) => !i.hasAttribute("alt")).map((i) => i.src)',
  );
  expect(withoutAlt).toEqual([]);
}

/** The event's title: the demo's dates, and so its year, move with today (decision 001). */
async function eventTitle(page: Page): Promise<string> {
  const { year } = (await (await page.request.get('/api/config')).json()) as { year: number };
  return `Online Eisteddfod ${year}`;
}

test.describe('public site', () => {
  test('home page shows every section of spec 2, with working images, and passes axe', async ({
    page,
  }) => {
    await page.goto('/');
    const title = await eventTitle(page);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/Hosted by .+ Open to schools worldwide/)).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Registration deadline' })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title));

    for (const name of [
      'Gallery',
      'Categories',
      'How It Works',
      'Participating schools',
      'Adjudicators',
      'Frequently asked questions',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    const categories = page.getByRole('region', { name: 'Categories' });
    for (const title of [
      'Languages, Speech & Drama',
      'Instrumental & Vocal Music',
      'Visual & Art Design',
      'Dance',
    ]) {
      await expect(categories.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    const prospectus = categories.getByRole('link', { name: /Download the prospectus/ });
    await expect(prospectus).toHaveAttribute('href', '/api/documents/prospectus.pdf');
    // Its whole label shows at 375 px too, wrapped rather than cut off (issue 32).
    expect(
      await prospectus.evaluate((link) =>
        Array.from(link.querySelectorAll('span')).every((s) => s.scrollWidth <= s.clientWidth),
      ),
    ).toBe(true);
    await expect(
      page.getByRole('region', { name: 'How It Works' }).getByRole('listitem'),
    ).toHaveCount(3);
    await expect(
      page.getByRole('region', { name: 'How It Works' }).getByRole('link', { name: 'Register' }),
    ).toHaveAttribute('href', '/register');
    await expect(
      page.getByRole('region', { name: 'Participating schools' }).getByRole('img'),
    ).toHaveCount(12);
    const bios = page
      .getByRole('region', { name: 'Adjudicators' })
      .getByRole('link', { name: /Read the biography/ });
    await expect(bios).toHaveCount(4);
    for (const link of await bios.all()) {
      await expect(link).toHaveAttribute(
        'href',
        /^\/api\/documents\/adjudicators\/[a-z0-9-]+\.pdf$/,
      );
      await expect(link).toHaveAttribute('target', '_blank');
    }
    const bio = await page.request.get((await bios.first().getAttribute('href')) ?? '');
    expect(bio.headers()['content-type']).toContain('application/pdf');

    await expect(page.getByRole('link', { name: /Download the full FAQ/ })).toHaveAttribute(
      'href',
      '/api/documents/faq.pdf',
    );
    const faq = await page.request.get('/api/documents/faq.pdf');
    expect(faq.headers()['content-type']).toContain('application/pdf');
    await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.goBack();

    // The footer carries the event's own social links once the content has loaded.
    await expect(
      page
        .getByRole('navigation', { name: 'Social media' })
        .getByRole('link', { name: 'Facebook' }),
    ).toHaveAttribute('href', /facebook\.com\/.+/);

    await scrollThrough(page);
    await expectImagesLoaded(page);
    await expectNoAccessibilityViolations(page);
  });

  test('the FAQ opens one question at a time', async ({ page }) => {
    await page.goto('/');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(5);
    const first = faq.getByRole('button', { name: 'How do I register?' });
    const second = faq.getByRole('button', { name: 'How much does it cost?' });
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText(/one-time pin/)).toBeVisible();
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByText(/R160 per person per item/)).toBeVisible();
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(1);
    await expectNoAccessibilityViolations(page);
  });

  test('the artwork carousel moves with its buttons, its dots and the keyboard', async ({
    page,
  }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Gallery' });
    const current = carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
    await expect(current).toHaveAttribute('aria-label', /^1 of 3/);
    await carousel.getByRole('button', { name: 'Next artwork' }).click();
    await expect(current).toHaveAttribute('aria-label', /^2 of 3/);
    await carousel.getByRole('button', { name: 'Previous artwork' }).click();
    await carousel.getByRole('button', { name: 'Previous artwork' }).click();
    await expect(current).toHaveAttribute('aria-label', /^3 of 3/);
    await carousel.getByRole('button', { name: /^Show artwork 1/ }).click();
    await expect(current).toHaveAttribute('aria-label', /^1 of 3/);
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveAttribute('aria-label', /^2 of 3/);
    await page.keyboard.press('End');
    await expect(current).toHaveAttribute('aria-label', /^3 of 3/);
  });

  test("'Learn More' opens the prospectus PDF, which names every item", async ({ page }) => {
    await page.goto('/');
    const learnMore = page.getByRole('link', { name: /Learn More/ });
    await expect(learnMore).toHaveAttribute('href', '/api/documents/prospectus.pdf');
    await expect(learnMore).toHaveAttribute('target', '_blank');
    await expect(learnMore).toHaveAttribute('rel', /noopener/);
    const [popup] = await Promise.all([page.waitForEvent('popup'), learnMore.click()]);
    await expect.poll(() => popup.url()).toMatch(/\/api\/documents\/prospectus\.pdf$/);
    await popup.close();

    const response = await page.request.get('/api/documents/prospectus.pdf');
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toContain('application/pdf');
    const text = pdfText(await response.body());

    const config = (await (await page.request.get('/api/config')).json()) as { eventId: number };
    const page1 = (await (
      await page.request.get(`/api/Eisteddfods/${config.eventId}/ItemsSearch?skip=0&take=300`)
    ).json()) as { items: { code: string }[]; total: number };
    expect(page1.items).toHaveLength(page1.total);
    expect(page1.total).toBeGreaterThan(100);
    const missing = page1.items.map((item) => item.code).filter((code) => !text.includes(code));
    expect(missing).toEqual([]);
  });

  test('the information page shows the poster, documents, dates, fees, rules and adjudicators', async ({
    page,
  }) => {
    await page.goto('/Events/Concours');
    await expect(
      page.getByRole('heading', { level: 1, name: await eventTitle(page) }),
    ).toBeVisible();
    await expect(page.getByText(/Poster artwork: .+ by .+, Grade \d+/)).toBeVisible();
    const documents = page.getByRole('navigation', { name: 'Competition documents' });
    await expect(documents.getByRole('link', { name: /Prospectus \(PDF\)/ })).toHaveAttribute(
      'href',
      '/api/documents/prospectus.pdf',
    );
    await expect(documents.getByRole('link', { name: /FAQ \(PDF\)/ })).toHaveAttribute(
      'href',
      '/api/documents/faq.pdf',
    );
    await expect(page.getByRole('rowheader', { name: 'Registration opens' })).toBeVisible();
    await expect(
      page.getByRole('row', { name: /Late-entry surcharge 50% of the total/ }),
    ).toBeVisible();
    const rules = page.getByRole('region', { name: 'Rules' }).getByRole('listitem');
    await expect(rules.first()).toHaveText('Each student registers individually.');
    expect(await rules.count()).toBeGreaterThanOrEqual(6);
    await expect(
      page.getByRole('region', { name: 'Adjudicators' }).getByRole('link', { name: /Biography/ }),
    ).toHaveCount(4);
    await expect(page).toHaveTitle('Competition information · Online Eisteddfod');
    await scrollThrough(page);
    await expectImagesLoaded(page);
    await expectNoAccessibilityViolations(page);
  });

  test('contact: checks the form in order, keeps the honeypot hidden, sends a ticket and acknowledges it', async ({
    page,
  }) => {
    const email = `contact.${test.info().project.name}.${Date.now()}@example.org`;
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@eisteddfod.example' })).toBeVisible();

    // The honeypot is in the form, but not for people, screen readers or the Tab key.
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveCount(1);
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(page.getByRole('textbox', { name: /Website/ })).toHaveCount(0);
    const box = await honeypot.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0);
    await expectNoAccessibilityViolations(page);

    const send = page.getByRole('button', { name: 'Send message' });
    await send.click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Your name' }).fill('Thandi Mokoena');
    await send.click();
    await expect(
      page.getByText('Please ensure you have entered a valid email address.'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: /Email address/ }).fill(email);
    await page.getByRole('textbox', { name: /Subject/ }).fill('Certificate spelling');
    await page.getByRole('textbox', { name: /Message/ }).fill('Short');
    await send.click();
    await expect(
      page.getByText('Please write your message (at least 10 characters).'),
    ).toBeVisible();
    await page
      .getByRole('textbox', { name: /Message/ })
      .fill("Please correct the spelling of my daughter's surname on her certificate.");
    await send.click();

    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
    const ticket = (await page.getByText(/Your ticket number is/).textContent()) ?? '';
    const ticketNumber = /T-\d+/.exec(ticket)?.[0] ?? '';
    expect(ticketNumber).toMatch(/^T-\d+$/);
    await expect(
      page.getByText('Thank you. Your message has been sent and we have emailed you a copy.'),
    ).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // The acknowledgement went to the sender, naming the ticket.
    await expect
      .poll(async () => {
        const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return '';
        const messages = (await response.json()) as { subject?: string; body: string }[];
        return messages.map((m) => `${m.subject ?? ''} ${m.body}`).join('\n');
      })
      .toContain(ticketNumber);
  });

  for (const [path, title, sections, phrase] of [
    [
      '/privacy-policy',
      'Privacy Policy',
      ['What we collect', 'Who sees what', 'How long we keep it', 'Your rights'],
      'Information Regulator',
    ],
    [
      '/terms-of-service',
      'Terms of Service',
      ['Fees and payment', 'The honour pledge', 'Disqualification', 'Adjudication and results'],
      'Fees are non-refundable',
    ],
  ] as const) {
    test(`${title} is a full, readable page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · Online Eisteddfod`);
      for (const name of sections) {
        await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
      }
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(8);
      await expect(page.getByRole('main')).toContainText(phrase);
      await expectNoAccessibilityViolations(page);
      // Reached from the footer too.
      await page.goto('/');
      await page
        .getByRole('navigation', { name: 'Legal' })
        .getByRole('link', { name: title })
        .click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }
});
