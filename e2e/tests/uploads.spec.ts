import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessibleDialog, expectNoAccessibilityViolations } from './axe.ts';
import { cartWithItems, familyApi, payOnSandbox, registerAndLogIn } from './session.ts';
import { SERVER_START_MS } from './cluster/instances.ts';
import { recording } from './test-files.ts';

/**
 * The uploads portal against a server of its own, which this journey stops in the middle of a
 * video upload and starts again on the same data, as a crash or a deploy would.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The desktop and phone runs go side by side (playwright.config.ts): one port each.
const PORT =
  Number(process.env.E2E_UPLOADS_PORT ?? 3215) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const origin = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'eisteddfod-e2e-uploads-'));
const filesDir = mkdtempSync(path.join(tmpdir(), 'eisteddfod-e2e-files-'));
let server: ChildProcess | undefined;

async function startServer() {
  server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PUBLIC_URL: origin,
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${origin}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      // A start on a fresh embedded database: 30 s ran out in one CI run (uploads, phone).
      { timeout: SERVER_START_MS },
    )
    .toBe(true);
}

async function stopServer() {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGKILL');
  await exited;
}

test.use({ baseURL: origin });
test.beforeAll(async () => {
  test.setTimeout(SERVER_START_MS + 30_000);
  await startServer();
});
test.afterAll(async () => {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(filesDir, { recursive: true, force: true });
});

/**
 * A file on disk for the file chooser: an iPhone's HEVC .MOV of about `bytes`, which Chromium
 * cannot play until the server has made its H.264 rendition (issue 18).
 */
function iphoneVideo(name: string, bytes: number) {
  const data = recording({ bytes, seconds: 10, hevc: true });
  const file = path.join(filesDir, name);
  writeFileSync(file, data);
  return { file, size: data.length };
}

function fakePdf(name: string) {
  const file = path.join(filesDir, name);
  writeFileSync(file, '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  return file;
}

/** Two paid entries (a piano solo and a poem) for one contestant, set up through the API. */
async function paidEntries(page: Page, email: string) {
  const { cartId, contestantId } = await cartWithItems(page, ['MU101', 'DA101'], {
    firstName: 'Thandi',
    surname: 'Nkosi',
    grade: '3',
  });
  await payOnSandbox(page, cartId, email);
  return contestantId;
}

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
async function expectNothingWider(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** A screen reached as a parent does, through the menu (the burger on a phone): no reload. */
async function openFromMenu(page: Page, testInfo: TestInfo, name: string) {
  if (testInfo.project.name === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await page.getByRole('link', { name, exact: true }).filter({ visible: true }).click();
}

/** Sends at most `bytesPerSecond` up (-1: no limit), as a phone on a slow line would. */
async function limitUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: bytesPerSecond < 0 ? 0 : 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

const entry = (page: Page, code: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: new RegExp(code) }) });

test.describe('uploads portal', () => {
  test('upload a video through a server restart, a supporting PDF, view, delete, finalise and withdraw', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const email = `uploads.${testInfo.project.name}.${Date.now()}@example.org`;
    await registerAndLogIn(page, email);
    const contestantId = await paidEntries(page, email);

    await page.goto('/uploads');
    await expect(
      page.getByRole('heading', { name: 'Welcome to Your Uploads Portal' }),
    ).toBeVisible();
    await expect(page.getByText('Total Items: 2 (0 of 2 complete)')).toBeVisible();
    const piano = entry(page, 'MU101');
    await expect(piano.getByRole('heading', { level: 3 })).toHaveText(
      /^Entry Title: MU101 - .+ \| Due: \d{2} [A-Z][a-z]+ \d{4}$/,
    );
    await expect(piano.getByText('Entry Incomplete')).toBeVisible();
    // A compact row (issue 19): the next step is Upload; Finalise Entry waits, secondary, and the
    // files and uploaders are in the entry's detail, one tap away.
    await expect(piano.getByText('No files yet')).toBeVisible();
    await expect(piano.getByRole('table')).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    await expectNothingWider(page);
    await page.screenshot({ path: testInfo.outputPath('entries.png'), fullPage: true });
    await piano.getByRole('button', { name: 'Upload files for MU101' }).click();
    await expect(
      piano.getByRole('button', { name: 'Upload video or audio for MU101' }),
    ).toBeFocused();

    // A slow line (about 1 MB/s up), so the upload is still going when the server stops.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1_000_000,
    });
    const video = iphoneVideo('Piano recital.MOV', 12 * 1024 * 1024);
    const videoBytes = video.size;
    await piano.getByLabel('Upload video or audio for MU101').first().setInputFiles(video.file);
    await expect(piano.getByText(/^Uploading\.\.\. \d+%$/)).toBeVisible();
    // The contestant selector is locked while an upload runs.
    await expect(page.getByRole('combobox', { name: 'Contestant' })).toBeDisabled();

    const progress = piano.getByRole('progressbar');
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 60_000 })
      .toBeGreaterThan(25);
    await stopServer();
    const before = Number(await progress.getAttribute('aria-valuenow'));
    // What the client sends once the server is back: it must go on, not start again.
    const afterRestart: { method: string; offset: number }[] = [];
    page.on('request', (request) => {
      if (!new URL(request.url()).pathname.toLowerCase().startsWith('/api/tus')) return;
      afterRestart.push({
        method: request.method(),
        offset: Number(request.headers()['upload-offset'] ?? -1),
      });
    });
    await startServer();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page.getByText('File uploaded successfully')).toBeVisible({ timeout: 90_000 });
    // It went on from where it stopped: no new upload was created, and every byte sent after the
    // restart continued the stored upload (its first PATCH starts past the quarter it had).
    expect(before).toBeGreaterThan(25);
    expect(afterRestart.filter((r) => r.method === 'POST')).toEqual([]);
    const patches = afterRestart.filter((r) => r.method === 'PATCH');
    expect(patches.length).toBeGreaterThan(0);
    expect(patches[0]!.offset).toBeGreaterThan(videoBytes / 4);

    await expect(piano.getByText('Entry Complete', { exact: true })).toBeVisible();
    await expect(page.getByText('Total Items: 2 (1 of 2 complete)')).toBeVisible();
    // Complete is not sent for marking (decision 043): said on the row and above the list.
    await expect(piano.getByText('Not yet sent to the adjudicators')).toBeVisible();
    await expect(page.getByText('0 of 2 finalised (sent to the adjudicators)')).toBeVisible();
    await expect(page.getByText(/^2 entries are not yet sent to the adjudicators\./)).toBeVisible();
    await expect(piano.getByText('1 main file')).toBeVisible();
    const mainFiles = piano.getByRole('table', { name: 'Main entry files of MU101' });
    await expect(mainFiles.getByText('Piano recital.MOV')).toBeVisible();

    // The server processes it: 'Processing…' (while the job runs), then its length and poster.
    // Finalising waits for it (decision 025).
    await expect(mainFiles.getByText('(0:10)')).toBeVisible({ timeout: 60_000 });
    const preview = mainFiles.getByRole('link', { name: /^Preview Piano recital\.MOV/ });
    await expect(preview.locator('img')).toHaveJSProperty('complete', true);
    expect(await preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(
      640,
    );
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: test.info().outputPath('processed-video.png'), fullPage: true });

    // The preview is what the adjudicators get: the H.264 rendition plays in Chromium (the
    // HEVC original does not), with its length, its poster and no title naming the child.
    const [adjudicatorView] = await Promise.all([
      page.context().waitForEvent('page'),
      preview.click(),
    ]);
    const rendition = adjudicatorView.locator('video');
    await expect(rendition).toHaveAttribute('poster', /\/media\/posters\//);
    await rendition.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() =>
        rendition.evaluate((v: HTMLVideoElement) => ({
          playing: !v.paused && v.currentTime > 0 && v.readyState >= 2,
          duration: Math.round(v.duration),
        })),
      )
      .toEqual({ playing: true, duration: 10 });
    const served = await page.request.get(
      new URL((await rendition.getAttribute('src'))!, origin).href,
    );
    expect(served.headers()['content-disposition']).toMatch(/E\d+-main-\d+\.mp4/);
    expect((await served.body()).toString('latin1')).not.toContain('Thandeka');
    await adjudicatorView.close();

    // The whole file arrived: the recorded size is the chosen file's (the API tests compare bytes).
    const { call } = await familyApi(page);
    const { year } = await call<{ year: number }>('GET', '/api/config');
    const list = await call<{
      items: {
        itemCode: string;
        orderItemUploads: { sizeInBytes: number; originalFileName: string }[];
      }[];
    }>('GET', `/api/OrderItems/ParticipantOrderItems?participantId=${contestantId}&year=${year}`);
    const uploads = list.items.find((e) => e.itemCode === 'MU101')!.orderItemUploads;
    expect(uploads).toEqual([
      expect.objectContaining({
        originalFileName: 'Piano recital.MOV',
        sizeInBytes: videoBytes,
      }),
    ]);

    // A supporting PDF.
    await piano.getByRole('button', { name: /^Supporting Files \(0\)/ }).click();
    await piano
      .getByLabel('Upload supporting document for MU101')
      .first()
      .setInputFiles(fakePdf('Sheet music.pdf'));
    await expect(page.getByText('File uploaded successfully').first()).toBeVisible();
    const supporting = piano.getByRole('table', { name: 'Supporting files of MU101' });
    await expect(supporting.getByText('Sheet music.pdf')).toBeVisible();

    // View both: the video plays on its own page, the PDF opens in a new tab.
    const [player] = await Promise.all([
      page.context().waitForEvent('page'),
      mainFiles.getByRole('button', { name: 'View Piano recital.MOV' }).click(),
    ]);
    await expect(player.locator('video')).toHaveAttribute('src', /\/media\/uploads\//);
    // The player streams with ranges: a seek asks for part of the file and gets just that.
    const source = await player.locator('video').getAttribute('src');
    const part = await page.request.get(new URL(source!, origin).href, {
      headers: { range: 'bytes=4-11' },
    });
    expect(part.status()).toBe(206);
    expect((await part.body()).toString('latin1')).toMatch(/^ftyp/);
    await player.close();
    const [pdf] = await Promise.all([
      page.context().waitForEvent('page'),
      supporting.getByRole('button', { name: 'View Sheet music.pdf' }).click(),
    ]);
    await expect.poll(() => pdf.url()).toMatch(/\/media\/uploads\/\d+\?/);
    const pdfResponse = await page.request.get(pdf.url());
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
    await pdf.close();

    // Delete the PDF.
    await supporting.getByRole('button', { name: 'Delete Sheet music.pdf' }).click();
    await expect(page.getByText('File deleted successfully')).toBeVisible();
    await expect(supporting.getByText('Sheet music.pdf')).toHaveCount(0);

    // Finalise the piano entry: the last step, confirmed, as it locks the entry.
    await piano.getByRole('button', { name: 'Finalise Entry MU101' }).click();
    const confirm = page.getByRole('dialog', { name: 'Finalise Entry' });
    await expect(confirm.getByText(/cannot add, replace or delete its files/)).toBeVisible();
    await expectAccessibleDialog(page, confirm);
    await confirm.getByRole('button', { name: 'Finalise Entry' }).click();
    await expect(page.getByText('Entry has been finalised')).toBeVisible();
    await expect(piano.getByText('Entry Complete & Finalised').first()).toBeVisible();
    await expect(piano.getByText('Sent to the adjudicators')).toBeVisible();
    await expect(page.getByText('1 of 2 finalised (sent to the adjudicators)')).toBeVisible();

    // Withdraw the poem, after confirming.
    const poem = entry(page, 'DA101');
    await poem.getByRole('button', { name: 'Details of DA101' }).click();
    await poem.getByRole('button', { name: 'Withdraw Entry DA101' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw Entry' });
    await expect(
      dialog.getByText(
        'Are you sure you want to withdraw from this entry? This action cannot be undone.',
      ),
    ).toBeVisible();
    await expectAccessibleDialog(page, dialog);
    await dialog.getByRole('button', { name: 'Withdraw Entry' }).click();
    await expect(page.getByText('Order item withdrawn successfully')).toBeVisible();
    await expect(poem.getByText('This entry was withdrawn')).toBeVisible();
    // A withdrawn entry is no longer one to complete: counted apart (decision 028).
    await expect(page.getByText('Total Items: 1 (1 of 1 complete)')).toBeVisible();
    await expect(page.getByText('Not counted: 1 withdrawn entry.')).toBeVisible();
    await expect(page.getByText('1 of 1 finalised (sent to the adjudicators)')).toBeVisible();
    await expect(page.getByText(/not yet sent to the adjudicators\./)).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    await expectNothingWider(page);
    await page.screenshot({
      path: testInfo.outputPath('finalised-and-withdrawn.png'),
      fullPage: true,
    });
    // The contestant card says it too, under the entered item (decision 043).
    await page.goto('/participant-profiles');
    await expect(page.getByText('Sent to the adjudicators')).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
  test('warns before the deadline of a recording with no sound that runs over the time limit', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const email = `warnings.${testInfo.project.name}.${Date.now()}@example.org`;
    await registerAndLogIn(page, email);
    await paidEntries(page, email);
    await page.goto('/uploads');
    const poem = entry(page, 'DA101');
    await poem.getByRole('button', { name: 'Upload files for DA101' }).click();
    // Two minutes and five seconds, against the poem's limit of two minutes, and no sound.
    const file = path.join(filesDir, 'Poem take 1.mp4');
    writeFileSync(file, recording({ seconds: 125, size: '320x180', silent: true }));
    await poem.getByLabel('Upload video or audio for DA101').first().setInputFiles(file);
    await expect(page.getByText('File uploaded successfully')).toBeVisible({ timeout: 60_000 });
    const files = poem.getByRole('table', { name: 'Main entry files of DA101' });
    await expect(
      files.getByText(
        "This recording is 2:05 long, over this item's time limit of 2:00. Please upload a shorter recording before the deadline.",
      ),
    ).toBeVisible({ timeout: 60_000 });
    await expect(
      files.getByText(
        'This recording has no sound. If it should have sound, please upload it again before the deadline.',
      ),
    ).toBeVisible();
    await expect(files.getByText('(2:05)')).toBeVisible();
    // The row's next step points to those notes before finalising.
    await expect(poem.getByText(/^Next: read the notes on your files/)).toBeVisible();
    // Nothing wider than the screen, and nothing an assistive technology cannot read.
    await expectNothingWider(page);
    await expectNoAccessibilityViolations(page);
    await poem.screenshot({ path: testInfo.outputPath('warnings.png') });
  });

  test('an upload goes on across three screens and finishes; a reload asks first, then says where it paused', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const email = `travels.${testInfo.project.name}.${Date.now()}@example.org`;
    await registerAndLogIn(page, email);
    await paidEntries(page, email);
    await page.goto('/uploads');
    const piano = entry(page, 'MU101');
    await piano.getByRole('button', { name: 'Upload files for MU101' }).click();
    const file = path.join(filesDir, 'Piano take 2.mp4');
    writeFileSync(file, recording({ bytes: 2 * 1024 * 1024, seconds: 10 }));
    await limitUpload(page, 100_000);
    await piano.getByLabel('Upload video or audio for MU101').first().setInputFiles(file);
    await expect(piano.getByText(/^Uploading\.\.\. \d+%$/)).toBeVisible();

    // Three screens while it goes on: each shows it at the foot, moving, with the way back.
    const bar = page.getByRole('region', { name: 'Your uploads' });
    const barPercent = async () =>
      Number(/… (\d+)%/.exec((await bar.textContent()) ?? '')?.[1] ?? -1);
    let seen = -1;
    for (const [link, heading] of [
      ['My Orders', 'My Orders'],
      ['Contestant Details', 'Contestant Profiles'],
      ['My Profile', 'My Profile'],
    ] as const) {
      await openFromMenu(page, testInfo, link);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(bar).toContainText('MU101 for Thandi: uploading Piano take 2.mp4…');
      await expect.poll(barPercent, { timeout: 30_000 }).toBeGreaterThan(seen);
      seen = await barPercent();
      if (link === 'Contestant Details') {
        await page.screenshot({ path: testInfo.outputPath('upload-bar.png') });
        await expectNoAccessibilityViolations(page);
        await expectNothingWider(page);
      }
    }
    await limitUpload(page, -1);
    await expect(page.getByText('File uploaded successfully')).toBeVisible({ timeout: 60_000 });
    await expect(bar).toHaveCount(0);
    await openFromMenu(page, testInfo, 'Uploads');
    await expect(piano.getByText('1 main file')).toBeVisible();

    // Complete, not finalised (decision 043): said on the row, in View Result, on the contestant
    // card and on the contestant's results page.
    const notSentYet =
      'This entry has not been sent to the adjudicators yet: finalise it before its due date, and it will be marked.';
    await expect(piano.getByText('Not yet sent to the adjudicators')).toBeVisible();
    await piano.getByRole('button', { name: 'View Result of MU101' }).click();
    await expect(page.getByRole('dialog').getByText(notSentYet)).toBeVisible();
    await page.keyboard.press('Escape');
    await openFromMenu(page, testInfo, 'Contestant Details');
    const card = page.getByRole('article', { name: 'Thandi Nkosi' });
    await expect(card.getByText('Not yet sent to the adjudicators')).toHaveCount(2);
    await card.getByRole('link', { name: 'Results of Thandi Nkosi' }).click();
    await expect(page.getByText(notSentYet).first()).toBeVisible();
    await openFromMenu(page, testInfo, 'Uploads');

    // A reload in the middle of the next one: the browser asks first, and once the parent has
    // left anyway, the entry says where it stopped; choosing the file again goes on from there.
    const poem = entry(page, 'DA101');
    await poem.getByRole('button', { name: 'Upload files for DA101' }).click();
    const poemFile = path.join(filesDir, 'Poem take 2.mp4');
    writeFileSync(poemFile, recording({ bytes: 2 * 1024 * 1024, seconds: 10 }));
    await limitUpload(page, 100_000);
    await poem.getByLabel('Upload video or audio for DA101').first().setInputFiles(poemFile);
    const progress = poem.getByRole('progressbar');
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 60_000 })
      .toBeGreaterThan(15);
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.getByRole('heading', { level: 1 }).click(); // a tap: browsers ask only after one
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    const paused = poem.getByTestId('upload-paused');
    await expect(paused).toHaveText(/Poem take 2\.mp4 paused at \d+%: choose it again to continue/);
    const pausedAt = Number(/at (\d+)%/.exec((await paused.textContent()) ?? '')?.[1]);
    expect(pausedAt).toBeGreaterThan(15);
    await poem.screenshot({ path: testInfo.outputPath('paused.png') });
    await expectNoAccessibilityViolations(page);

    await limitUpload(page, -1);
    const patches: number[] = [];
    page.on('request', (request) => {
      if (!new URL(request.url()).pathname.toLowerCase().startsWith('/api/tus')) return;
      if (request.method() === 'PATCH') patches.push(Number(request.headers()['upload-offset']));
    });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      paused.getByRole('button', { name: 'Choose the file again' }).click(),
    ]);
    await chooser.setFiles(poemFile);
    await expect(page.getByText('File uploaded successfully')).toBeVisible({ timeout: 60_000 });
    await expect(paused).toHaveCount(0);
    expect(patches[0]).toBeGreaterThan(0);
  });
});
