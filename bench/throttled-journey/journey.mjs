// The parent's journey of issue 32 on a phone, tap by tap: from the home page to a paid entry,
// then to a finalised upload. Each tap records the time to the first visible change (feedback)
// and to the next usable screen (its heading or answer shown, nothing loading).
import { PROBE } from './probe.mjs';

/**
 * Who answers a tap: the app, the phone (its file picker) or the payment provider's page (the
 * sandbox's here), whose feedback is not the app's to give.
 * @typedef {'app' | 'phone' | 'provider'} AnsweredBy
 * @typedef {{ part: 'to a paid entry' | 'to a finalised upload', step: string, by: AnsweredBy,
 *   feedback: number | null, usable: number | null }} Tap
 * @typedef {{ taps: Tap[], typed: Record<string, number>, waits: Record<string, number> }} Journey
 */

/** The phone of issue 32: 750 kbps, 300 ms, a 4x slower processor, 375 px wide. */
export const PROFILE = { kbps: 750, latencyMs: 300, cpuSlowdown: 4, width: 375, height: 740 };

/**
 * A parent looks at a screen before the next tap: a second, the least a person takes. It is
 * also when a screen fetches what comes next, as it would for a real parent.
 */
const READING_MS = 1000;

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {string} videoFile a short recording for the entry
 * @returns {Promise<Journey>}
 */
export async function walk(browser, origin, videoFile) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: PROFILE.width, height: PROFILE.height },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (PROFILE.kbps * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });

  /** @type {Journey} */
  const journey = { taps: [], typed: {}, waits: {} };
  /** @type {Tap['part']} */
  let part = 'to a paid entry';
  const loading = page.locator('[role="status"][aria-label="Loading"]');

  /** The screen answers: `ready` shows and nothing is loading. */
  async function usable(/** @type {import('@playwright/test').Locator} */ ready) {
    await ready.first().waitFor({ state: 'visible', timeout: 120_000 });
    await loading.first().waitFor({ state: 'hidden', timeout: 120_000 });
  }
  /** @returns {Promise<{ tapAt: number | null, feedbackAt: number | null, now: number }>} */
  const read = () => page.evaluate('window.__benchRead()');

  /**
   * One tap and what it leads to.
   * @param {string} step
   * @param {import('@playwright/test').Locator} target
   * @param {import('@playwright/test').Locator} ready
   * @param {AnsweredBy} [by]
   */
  async function tap(step, target, ready, by = 'app') {
    await page.waitForTimeout(READING_MS);
    await target.click({ timeout: 60_000 });
    await usable(ready);
    const mark = await read();
    const tapAt = mark.tapAt ?? mark.now;
    journey.taps.push({
      part,
      step,
      by,
      feedback: mark.feedbackAt === null ? null : Math.round(mark.feedbackAt - tapAt),
      usable: Math.round(mark.now - tapAt),
    });
  }
  /** Typing is not a tap: counted apart, per field. */
  async function type(
    /** @type {import('@playwright/test').Locator} */ field,
    /** @type {string} */ text,
  ) {
    await field.fill(text);
    journey.typed[part] = (journey.typed[part] ?? 0) + 1;
  }

  const email = `journey-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  const started = Date.now();
  await page.goto('/');
  await usable(page.getByRole('heading', { level: 1 }));
  journey.waits['home page, loaded'] = Date.now() - started;

  // Home to a paid entry.
  const enterNow = page.getByRole('main').getByRole('link', { name: 'Enter Now' }).first();
  await tap('Enter Now', enterNow, page.getByRole('button', { name: 'Create An Account' }));
  await type(page.getByRole('textbox', { name: 'First Name' }), 'Ayanda');
  await type(page.getByRole('textbox', { name: 'Surname' }), 'Mokoena');
  await type(page.getByRole('textbox', { name: 'Email' }), email);
  await tap(
    'Create An Account',
    page.getByRole('button', { name: 'Create An Account' }),
    page.getByRole('textbox', { name: 'Digit 1 of 6' }),
  );
  const pin = await emailedPin(page, email);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(pin);
  journey.typed[part] = (journey.typed[part] ?? 0) + 1;
  await tap(
    'Verify Code',
    page.getByRole('button', { name: 'Verify Code' }),
    page.getByRole('heading', { level: 1, name: 'Contestant Profiles' }),
  );
  await tap(
    '+ Add New Contestant',
    page.getByRole('link', { name: '+ Add New Contestant' }),
    page.getByRole('textbox', { name: 'First Names' }),
  );
  await type(page.getByRole('textbox', { name: 'First Names' }), 'Lerato');
  await type(page.getByRole('textbox', { name: 'Last Name' }), 'Mokoena');
  const school = page.getByRole('combobox', { name: 'School' });
  await type(school, 'Other');
  await tap(
    'School: Other School',
    page.getByRole('option', { name: 'Other School' }),
    page.getByRole('combobox', { name: 'School' }),
  );
  await tap(
    'Age & Grade',
    page.getByRole('combobox', { name: 'Age & Grade' }),
    page.getByRole('option', { name: /^Grade 2\b/ }),
  );
  await tap(
    'Grade 2',
    page.getByRole('option', { name: /^Grade 2\b/ }),
    page.getByRole('radio', { name: 'Female' }),
  );
  await tap(
    'Female',
    page.getByRole('radio', { name: 'Female' }),
    page.getByRole('radio', { name: 'Female', checked: true }),
  );
  for (const consent of ['Terms & Conditions', 'Honour Pledge']) {
    const dialog = page.getByRole('dialog', { name: consent });
    await tap(
      consent,
      page.getByRole('checkbox', { name: consent }),
      dialog.getByRole('button', { name: 'I Accept' }),
    );
    await tap(
      `${consent}: I Accept`,
      dialog.getByRole('button', { name: 'I Accept' }),
      page.getByRole('checkbox', { name: consent, checked: true }),
    );
  }
  await tap(
    'Add Contestant',
    page.getByRole('button', { name: 'Add Contestant' }),
    page.getByRole('link', { name: 'Add Items for Lerato Mokoena' }),
  );
  await tap(
    'Add Items',
    page.getByRole('link', { name: 'Add Items for Lerato Mokoena' }),
    page.getByRole('button', { name: 'Music', exact: true }),
  );
  await tap(
    'Music',
    page.getByRole('button', { name: 'Music', exact: true }),
    page.getByRole('button', { name: 'Piano' }),
  );
  const item = page.getByRole('article', { name: /MU101/ });
  await tap('Piano', page.getByRole('button', { name: 'Piano' }), item);
  await tap(
    'Add to Cart',
    item.getByRole('button', { name: 'Add to Cart' }),
    page.getByRole('button', { name: 'View Cart, 1 item' }),
  );
  await tap(
    'View Cart',
    page.getByRole('button', { name: 'View Cart, 1 item' }),
    page.getByRole('link', { name: 'Checkout Now' }),
  );
  await tap(
    'Checkout Now',
    page.getByRole('link', { name: 'Checkout Now' }),
    page.getByRole('button', { name: 'Proceed to Payment' }),
  );
  await tap(
    'Proceed to Payment',
    page.getByRole('button', { name: 'Proceed to Payment' }),
    page.getByRole('button', { name: /^Pay/ }),
  );
  await tap(
    'Pay',
    page.getByRole('button', { name: /^Pay/ }),
    page.getByRole('link', { name: 'Go to the Uploads portal' }),
    'provider',
  );

  // A paid entry to a finalised upload.
  part = 'to a finalised upload';
  await tap(
    'Go to the Uploads portal',
    page.getByRole('link', { name: 'Go to the Uploads portal' }),
    page.getByRole('button', { name: 'Upload files for MU101' }),
  );
  await tap(
    'Upload',
    page.getByRole('button', { name: 'Upload files for MU101' }),
    page.getByRole('button', { name: 'Upload video or audio for MU101' }),
  );
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload video or audio for MU101' }).click();
  // The picker is the phone's own answer to that tap; choosing the file is the next one.
  journey.taps.push({
    part,
    step: 'Upload video or audio (opens the picker)',
    by: 'phone',
    feedback: null,
    usable: null,
  });
  const picker = await chooser;
  await page.evaluate('window.__benchTap("file chosen")');
  await picker.setFiles(videoFile);
  const uploadedAt = Date.now();
  await usable(page.getByText('File uploaded successfully'));
  const uploadMark = await read();
  journey.taps.push({
    part,
    step: 'Choose the file (to uploaded)',
    by: 'app',
    feedback:
      uploadMark.feedbackAt === null || uploadMark.tapAt === null
        ? null
        : Math.round(uploadMark.feedbackAt - uploadMark.tapAt),
    usable: Math.round(uploadMark.now - (uploadMark.tapAt ?? uploadMark.now)),
  });
  const finalise = page.getByRole('button', { name: 'Finalise Entry MU101' });
  await finalise.and(page.locator(':enabled')).waitFor({ timeout: 180_000 });
  journey.waits['upload to processed'] = Date.now() - uploadedAt;
  const confirm = page.getByRole('dialog', { name: 'Finalise Entry' });
  await tap('Finalise Entry', finalise, confirm.getByRole('button', { name: 'Finalise Entry' }));
  await tap(
    'Finalise Entry (confirm)',
    confirm.getByRole('button', { name: 'Finalise Entry' }),
    page.getByText('Entry has been finalised'),
  );
  await context.close();
  return journey;
}

/** The newest pin emailed to `to`, from a local run's outbox (not throttled: the API's own). */
async function emailedPin(
  /** @type {import('@playwright/test').Page} */ page,
  /** @type {string} */ to,
) {
  for (let i = 0; i < 100; i++) {
    const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    if (response.ok()) {
      /** @type {{ channel: string, body: string }[]} */
      const messages = await response.json();
      const pin = /\b(\d{6})\b/.exec(messages.find((m) => m.channel === 'email')?.body ?? '')?.[1];
      if (pin) return pin;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no pin reached ${to}`);
}
