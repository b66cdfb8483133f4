import { LANGUAGES, paths, PICTURE_EXTENSIONS } from '@eisteddfod/shared';
import { waitFor } from '@testing-library/react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStored } from '../lib/storage.ts';
import { mockApi } from '../test/api-mock.ts';
import { CONTESTANT_ID, CUSTOMER_ID } from '../test/catalogue-server.ts';
import { awaitPin, familyApi, PAID_ORDER_ID, signIn } from '../test/family-api.ts';
import { renderRoutes } from '../test/render.tsx';
import { CLASS_ID } from '../test/teaching-fixtures.ts';
import { readTexts, servedStrings, untranslated } from '../test/untranslated.ts';
import { routes } from './routes.tsx';

/**
 * The pseudo-locale probe (decision 057): every family screen, in the app's own routes, with a
 * fake API serving a family mid-entry, in the web-pseudo project where each catalogue message
 * shows as ⟦áççéñţéď⟧ text. Whatever else a screen shows with letters in it, and is not data the
 * API served (untranslated.ts says what counts), comes from no catalogue.
 *
 * It lives in app/, beside the routes it renders (only app/ may import them and every feature,
 * apps/web/src/README.md); its helpers are in test/: family-api.ts, untranslated.ts.
 *
 * test/untranslated-text.json lists, per screen, the untranslated texts still
 * expected. A screen fails when it shows one not listed (move it into a catalogue) or no longer
 * shows a listed one (delete it from the list): the list only shrinks. To rebuild it from the
 * screens as they are, for instance after a change that adds a text on purpose, run
 *
 *   UPDATE_UNTRANSLATED=1 npx vitest run --project web-pseudo src/app/family-screens
 *
 * (from the repository's root); it writes the lists of the screens it ran and keeps the others.
 */

/** The day the probe runs on: the catalogue fixture's registration period (catalogue-server.ts). */
const TODAY = new Date('2026-11-29T08:00:00.000Z');

const RATCHET = join(import.meta.dirname, '../test/untranslated-text.json');
const UPDATE = process.env.UPDATE_UNTRANSLATED === '1';

interface Ratchet {
  about: string;
  screens: Record<string, string[]>;
}

const ABOUT =
  'Untranslated texts each family screen still shows in the pseudo-locale (decision 057), ' +
  'checked by apps/web/src/app/family-screens.pseudo.test.tsx: a list may only shrink. ' +
  "Rebuild it with 'UPDATE_UNTRANSLATED=1 npx vitest run --project web-pseudo " +
  "src/app/family-screens' from the repository's root.";

function readRatchet(): Ratchet {
  try {
    return JSON.parse(readFileSync(RATCHET, 'utf8')) as Ratchet;
  } catch {
    return { about: ABOUT, screens: {} };
  }
}
const ratchet = readRatchet();

/**
 * Names in no language, so in no catalogue, that the probe takes as data: the footer's social
 * networks are brand names (Facebook is Facebook in every language), and a picture's accepted
 * file types are the formats' names (HEIC, JPEG), listed from the same list the screen shows;
 * the language switch names each language as its own readers do (decision 069).
 */
const NOT_FOR_TRANSLATION = [
  'Facebook',
  'Instagram',
  'YouTube',
  ...Object.values(LANGUAGES).map((language) => language.name),
  ...PICTURE_EXTENSIONS.map((extension) => extension.toUpperCase()),
];

/** Who opens a screen: a visitor, a family waiting for its one-time pin, or a signed-in family. */
type Visitor = 'visitor' | 'awaiting pin' | 'family';

const screens: Array<[name: string, path: string, who: Visitor]> = [
  ['home', paths.home.href(), 'visitor'],
  ['info', paths.info.href(), 'visitor'],
  ['contact', paths.contact.href(), 'visitor'],
  ['privacy policy', paths.privacyPolicy.href(), 'visitor'],
  ['terms of service', paths.termsOfService.href(), 'visitor'],
  ['register', paths.register.href(), 'visitor'],
  ['login', paths.login.href(), 'visitor'],
  ['verify', paths.verify.href(), 'awaiting pin'],
  ['gala', paths.gala.href(), 'visitor'],
  ['not found', '/no-such-page', 'visitor'],
  ['my profile', paths.myProfile.href(), 'family'],
  ['contestants', paths.contestants.href(), 'family'],
  ['create contestant', paths.createContestant.href({ id: CUSTOMER_ID }), 'family'],
  ['edit contestant', paths.editContestant.href({ id: CONTESTANT_ID }), 'family'],
  ['sections', paths.sections.href({ id: CONTESTANT_ID }), 'family'],
  ['categories', paths.categories.href({ id: CONTESTANT_ID }), 'family'],
  ['items', paths.items.href({ participantId: CONTESTANT_ID, categoryId: 1 }), 'family'],
  ['checkout', paths.checkout.href(), 'family'],
  ['payment confirmation', paths.confirmation.href({ id: PAID_ORDER_ID }), 'family'],
  ['my orders', paths.myOrders.href(), 'family'],
  ['view order', paths.viewOrder.href({ id: PAID_ORDER_ID }), 'family'],
  ['uploads', paths.uploads.href(), 'family'],
  ['contestant results', paths.contestantResults.href({ id: CONTESTANT_ID }), 'family'],
  ['teaching', paths.teaching.href(), 'family'],
  ['class', paths.teachingClass.href({ membershipId: CLASS_ID }), 'family'],
  ['class grid', paths.teachingEnter.href({ membershipId: CLASS_ID }), 'family'],
  ['class entries', paths.teachingEntries.href({ membershipId: CLASS_ID }), 'family'],
];

/** What each screen showed; written on update. */
const shown: Record<string, string[]> = {};

/**
 * The layout (header, footer) is one list for the signed-out screens and one for the signed-in
 * ones: what it shows on any of them. A list is only complete, to check or write, once all its
 * screens have run (not with -t picking some).
 */
const layoutOf = (who: Visitor) => (who === 'family' ? 'layout, signed in' : 'layout, signed out');
const layouts = new Map(
  screens.map(([, , who]) => [layoutOf(who), { texts: new Set<string>(), screensLeft: 0 }]),
);
for (const [, , who] of screens) layouts.get(layoutOf(who))!.screensLeft += 1;
const completeLayouts = () =>
  [...layouts]
    .filter(([, layout]) => layout.screensLeft === 0)
    .map(([name, layout]) => [name, [...layout.texts].sort()] as const);

/** The screen has its h1 and no loading overlay or route fallback ('Loading' with a spinner). */
function loaded() {
  expect(document.querySelector('main h1')).not.toBeNull();
  expect(document.querySelector('[role="status"] .mantine-Loader-root')).toBeNull();
}

/** Waits until the screen has loaded and asked nothing more of the API for a moment. */
async function settled(requests: unknown[]) {
  await waitFor(loaded, { timeout: 10_000 });
  let before = -1;
  while (before !== requests.length) {
    before = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    await waitFor(loaded, { timeout: 10_000 });
  }
}

/**
 * The ratchet file as Prettier lays it out (the repository's lint checks it): a screen's list on
 * one line when it fits in 100 characters, else one text a line.
 */
function ratchetJson({ about, screens: lists }: Ratchet): string {
  const entries = Object.entries(lists).map(([name, texts], index, all) => {
    const comma = index < all.length - 1 ? ',' : '';
    const oneLine = `    ${JSON.stringify(name)}: [${texts.map((t) => JSON.stringify(t)).join(', ')}]${comma}`;
    if (oneLine.length <= 100) return oneLine;
    const lines = texts.map(
      (t, i) => `      ${JSON.stringify(t)}${i < texts.length - 1 ? ',' : ''}`,
    );
    return [`    ${JSON.stringify(name)}: [`, ...lines, `    ]${comma}`].join('\n');
  });
  const head = `{\n  "about": ${JSON.stringify(about)},\n  "screens": {\n`;
  return `${head}${entries.join('\n')}\n  }\n}\n`;
}

/** The differences from the ratchet's list: texts that show unlisted, and listed ones gone. */
function compare(name: string, texts: string[]): string[] {
  const expected = ratchet.screens[name] ?? [];
  return [
    ...texts
      .filter((text) => !expected.includes(text))
      .map((text) => `an untranslated string shows on ${name}: "${text}"`),
    ...expected
      .filter((text) => !texts.includes(text))
      .map(
        (text) =>
          `"${text}" no longer shows on ${name}: delete it from ${name} in untranslated-text.json`,
      ),
  ];
}

/** vitest.setup.ts's stand-in for the browser's, which jsdom lacks. */
const { matchMedia } = window;

describe('family screens in the pseudo-locale (decision 057)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // Today, for every run: a family entering in the event's registration period, and dates
    // ('Enter by …', 'from …') that say the same tomorrow. Only Date is faked, and stands still
    // (a countdown says 90 seconds however slow the machine); timers run.
    vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
    // Left by the screen before (useDocumentTitle restores a default on leaving).
    document.title = '';
    // A reader who prefers less motion: the home page's carousel then stays on its first
    // artwork, rather than moving on after 7 s and changing its "1 of 3" on a slow run.
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...matchMedia(query),
      matches: query.includes('prefers-reduced-motion'),
    }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  afterAll(() => {
    if (!UPDATE) return;
    // The lists of screens not run are kept; those of screens no longer probed are dropped.
    const all = { ...ratchet.screens, ...shown, ...Object.fromEntries(completeLayouts()) };
    const names = [...screens.map(([name]) => name), ...layouts.keys()];
    const sorted = Object.fromEntries(names.sort().map((name) => [name, all[name] ?? []]));
    writeFileSync(RATCHET, ratchetJson({ about: ABOUT, screens: sorted }));
  });

  it.each(screens)('%s (%s) shows only the untranslated texts listed', async (name, path, who) => {
    if (who === 'family') signIn();
    if (who === 'awaiting pin') awaitPin();
    const api = familyApi();
    const requests = mockApi(api.answer);
    const view = renderRoutes(routes, path);
    await settled(requests);
    expect(api.unanswered, `${name} asked the fake API for what it has no answer to`).toEqual([]);

    const texts = readTexts(view.container, document.querySelector('main'));
    // Data: what the API served, the address the family logged in with (verify shows it), and
    // the names above.
    const served = [
      ...servedStrings([...api.served, readStored('username')]),
      ...NOT_FOR_TRANSLATION,
    ];
    const screen = untranslated(texts, 'screen', served);
    const layout = layouts.get(layoutOf(who))!;
    for (const text of untranslated(texts, 'layout', served)) layout.texts.add(text);
    layout.screensLeft -= 1;
    shown[name] = screen;
    if (!UPDATE) expect(compare(name, screen)).toEqual([]);
  });

  it.skipIf(UPDATE)('the layout around them shows only the untranslated texts listed', () => {
    const problems = completeLayouts().flatMap(([name, texts]) => compare(name, texts));
    expect(problems).toEqual([]);
  });
});
