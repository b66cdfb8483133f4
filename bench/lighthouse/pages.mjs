// The public pages bench/lighthouse measures by default (issue 19), and how each is reached.
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A page to measure: its address and, for /verify, the pending login a parent has when landing
 * on it.
 * @typedef {{ name: string, path: string, pendingLogin?: boolean }} Page
 */

/** @type {Page[]} */
const PUBLIC_PAGES = [
  { name: 'home', path: '/' },
  { name: 'information', path: '/Events/Concours' },
  { name: 'contact', path: '/contact' },
  { name: 'register', path: '/register' },
  { name: 'login', path: '/login' },
  // Without a pending login /verify sends the visitor to /login, which is measured already. A
  // parent lands on it after asking for a pin, and lands on it again when the phone's browser
  // reloads the tab on the way back from WhatsApp or the mail app: that load is what is measured,
  // with the pending login the register and login screens leave in storage.
  { name: 'verify', path: '/verify', pendingLogin: true },
  { name: 'privacy', path: '/privacy-policy' },
  { name: 'terms', path: '/terms-of-service' },
];

/**
 * The pages named by LIGHTHOUSE_PATHS (a comma-separated list of addresses or names), or every
 * public page.
 * @param {string | undefined} list
 * @returns {Page[]}
 */
export function pagesToMeasure(list) {
  if (!list) return PUBLIC_PAGES;
  return list.split(',').map((entry) => {
    const known = PUBLIC_PAGES.find((p) => p.path === entry || p.name === entry);
    return known ?? { name: entry, path: entry };
  });
}

/** What the login screens store while a pin is on its way (apps/web/src/features/auth/login-flows.ts). */
const PENDING_LOGIN = { username: 'parent@example.com', customerId: '1', mobileMode: 'false' };

/**
 * Writes (or, with `pending` false, removes) a pending login in the browser's storage for the
 * site, through Playwright over the same Chromium that Lighthouse drives: Lighthouse keeps
 * localStorage between runs (its default clearStorageTypes leave it), so its next load of
 * /verify finds it, as a parent's phone would.
 * @param {string} root the repository's root
 * @param {number} port Chromium's debugging port
 * @param {string} origin the server under test
 * @param {boolean} pending
 */
export async function setPendingLogin(root, port, origin, pending) {
  /** @type {typeof import('@playwright/test')} */
  const { chromium } = createRequire(path.join(root, 'e2e/package.json'))('@playwright/test');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default browser context');
    const page = await context.newPage();
    // The terms page: it reads no storage, so the visit changes nothing else.
    await page.goto(`${origin}/terms-of-service`);
    // A script as text: this file is type-checked without the DOM's types.
    const entries = JSON.stringify(Object.entries(PENDING_LOGIN));
    await page.evaluate(
      pending
        ? `for (const [key, value] of ${entries}) localStorage.setItem(key, value)`
        : `for (const [key] of ${entries}) localStorage.removeItem(key)`,
    );
    await page.close();
  } finally {
    // Connected over CDP, close() only disconnects: the browser stays for Lighthouse.
    await browser.close();
  }
}
