// The pages bench/lighthouse measures: the public pages by default (issue 19), the signed-in
// screens a parent uses most when named (issue 32); each with how it is reached and its target.
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A page to measure: its address (`:contestantId` and `:categoryId` filled in from the family
 * the bench sets up), its targets, and what the browser holds when a parent lands on it: for
 * /verify a pending login, for a signed-in page the family's session and cart.
 * @typedef {{ performance: number, accessibility: number }} Target
 * @typedef {{ name: string, path: string, target: Target, pendingLogin?: boolean,
 *   signedIn?: boolean }} Page
 */

/** The public pages' target (issues 7 and 19): 95 on both. */
const PUBLIC = { performance: 95, accessibility: 95 };
/** The signed-in screens' target (issue 32). */
const SIGNED_IN = { performance: 90, accessibility: 100 };

/** @type {Page[]} */
const PUBLIC_PAGES = [
  { name: 'home', path: '/', target: PUBLIC },
  { name: 'information', path: '/Events/Concours', target: PUBLIC },
  { name: 'contact', path: '/contact', target: PUBLIC },
  { name: 'register', path: '/register', target: PUBLIC },
  { name: 'login', path: '/login', target: PUBLIC },
  // Without a pending login /verify sends the visitor to /login, which is measured already. A
  // parent lands on it after asking for a pin, and lands on it again when the phone's browser
  // reloads the tab on the way back from WhatsApp or the mail app: that load is what is measured,
  // with the pending login the register and login screens leave in storage.
  { name: 'verify', path: '/verify', target: PUBLIC, pendingLogin: true },
  { name: 'privacy', path: '/privacy-policy', target: PUBLIC },
  { name: 'terms', path: '/terms-of-service', target: PUBLIC },
];

/**
 * The screens a parent uses most once signed in (issue 32): the contestants, a contestant's
 * items after Add Items (the Piano category, MU101's), checkout with a cart of two items, and
 * the uploads portal with two paid entries. Measured only when named: they need a family, which
 * needs a pin, which only a local run's outbox gives (family.mjs).
 * @type {Page[]}
 */
const SIGNED_IN_PAGES = [
  { name: 'contestants', path: '/participant-profiles', target: SIGNED_IN, signedIn: true },
  {
    name: 'items',
    path: '/:contestantId/categories/:categoryId/items',
    target: SIGNED_IN,
    signedIn: true,
  },
  { name: 'checkout', path: '/checkout', target: SIGNED_IN, signedIn: true },
  { name: 'uploads', path: '/uploads', target: SIGNED_IN, signedIn: true },
];

/**
 * The pages named by LIGHTHOUSE_PATHS (a comma-separated list of addresses or names; `signed-in`
 * for the four signed-in screens), or every public page. An address the bench does not know is
 * measured as a public page.
 * @param {string | undefined} list
 * @returns {Page[]}
 */
export function pagesToMeasure(list) {
  if (!list) return PUBLIC_PAGES;
  const known = [...PUBLIC_PAGES, ...SIGNED_IN_PAGES];
  return list.split(',').flatMap((entry) => {
    if (entry === 'signed-in') return SIGNED_IN_PAGES;
    const page = known.find((p) => p.path === entry || p.name === entry);
    return [page ?? { name: entry, path: entry, target: PUBLIC }];
  });
}

/**
 * A page's address for the family the bench set up.
 * @param {Page} page
 * @param {{ contestantId: number, categoryId: number } | undefined} family
 */
export function addressOf(page, family) {
  if (!family) return page.path;
  return page.path
    .replace(':contestantId', String(family.contestantId))
    .replace(':categoryId', String(family.categoryId));
}

/** What the login screens store while a pin is on its way (apps/web/src/features/auth/login-flows.ts). */
export const PENDING_LOGIN = {
  username: 'parent@example.com',
  customerId: '1',
  mobileMode: 'false',
};

/**
 * Writes (or, with `present` false, removes) `entries` in the browser's storage for the site (a
 * pending login, a family's session and cart), through Playwright over the same Chromium that
 * Lighthouse drives: Lighthouse keeps localStorage between runs (its default clearStorageTypes
 * leave it), so its next load of the page finds them, as a parent's phone would.
 * @param {string} root the repository's root
 * @param {number} port Chromium's debugging port
 * @param {string} origin the server under test
 * @param {Record<string, string>} entries
 * @param {boolean} present
 */
export async function setStorage(root, port, origin, entries, present) {
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
    const list = JSON.stringify(Object.entries(entries));
    await page.evaluate(
      present
        ? `for (const [key, value] of ${list}) localStorage.setItem(key, value)`
        : `for (const [key] of ${list}) localStorage.removeItem(key)`,
    );
    await page.close();
  } finally {
    // Connected over CDP, close() only disconnects: the browser stays for Lighthouse.
    await browser.close();
  }
}
