import { expect, test } from '@playwright/test';
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
  uploadRecording,
} from './cluster/journey.ts';
import { useOwnServer } from './own-server.ts';
import { staffSignIn } from './session.ts';
import { recording } from './test-files.ts';

// Issue 18, "done means": a family's iPhone recording (HEVC in a .MOV, with a title naming the
// child) is processed, and the adjudicator plays its H.264 rendition on the marking page: it
// reaches a playing state with its length, shows its poster first, answers the keyboard, and
// nothing on the page names the child. On a server of its own, with its own organiser (the
// shared e2e organiser is near its pin limit).

const ORGANISER_EMAIL = 'organiser@video.example';
const serverOrigin = useOwnServer('marking-video', ORGANISER_EMAIL);

test('an adjudicator plays an iPhone recording’s rendition on the marking page, blind', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const origin = serverOrigin();
  const run = `${testInfo.project.name}.${Date.now()}`;

  // ---- The family: a piano solo, paid, its recording sent over tus, finalised. ----
  const family = await registerFamily(origin, `khumalo.${run}@example.org`, 'Khumalo');
  const sipho = await addContestant(family, 'Siphokazi', 'Khumalo', '2');
  const piano = await addEntry(family, 'MU101', sipho);
  await payCart(family);
  await uploadRecording(family, piano, 'IMG_0042.MOV', recording({ seconds: 12, hevc: true }));
  // Finalising waits for the processing (409 MEDIA_PROCESSING until it is done).
  await finalise(family, piano);

  // ---- The organiser invites an adjudicator for Music. ----
  const organiser = new Client(origin);
  await signIn(organiser, ORGANISER_EMAIL);
  const adjudicatorEmail = `adjudicator.${run}@example.org`;
  await inviteAdjudicator(organiser, adjudicatorEmail, ['Music']);

  // ---- The adjudicator opens the entry and plays it. ----
  const marker = await staffSignIn(browser, adjudicatorEmail, origin);
  await marker.goto(`/staff/marking/${piano}`);
  await expect(marker.getByRole('heading', { name: `Entry E${piano}` })).toBeVisible();
  // The rendition's name and type, not the .MOV that was sent.
  const video = marker.getByLabel(`Main file 1 (.mp4) of entry E${piano}`);
  await expect(video).toHaveAttribute('poster', /\/media\/posters\//);
  await expect(marker.getByText('Length 0:12.')).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() =>
      video.evaluate((v: HTMLVideoElement) => ({
        playing: !v.paused && v.currentTime > 0 && v.readyState >= 2,
        duration: Math.round(v.duration),
      })),
    )
    .toEqual({ playing: true, duration: 12 });

  // The keys: K pauses, the right arrow moves five seconds on (the file streams by ranges).
  await video.focus();
  await marker.keyboard.press('k');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await marker.keyboard.press('ArrowRight');
  await expect
    .poll(async () => (await video.evaluate((v: HTMLVideoElement) => v.currentTime)) - before)
    .toBeGreaterThan(4.5);

  // Blind: nothing on the page names the child or its school.
  const text = await marker.locator('body').innerText();
  for (const secret of ['Siphokazi', 'Khumalo', 'IMG_0042']) expect(text).not.toContain(secret);
  await expectNoAccessibilityViolations(marker);
  await marker.screenshot({ path: testInfo.outputPath('marking-video.png'), fullPage: true });
  await marker.context().close();
});
