import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);

/**
 * Each screen size has a server of its own (the desktop's on PORT, the phone's on PORT + 1), so
 * the two projects run side by side, each one journey at a time, and neither sees the other's
 * families, events or pin limits. Every run starts from an empty embedded database, as
 * `npm start` does on a fresh clone.
 */
function server(port: number) {
  const baseURL = `http://127.0.0.1:${port}`;
  const webServer = {
    command: 'node ../apps/api/dist/server.js',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'eisteddfod-e2e-')),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PUBLIC_URL: baseURL,
      ORGANISER_BOOTSTRAP_EMAIL: 'organiser@e2e.example',
    },
  };
  return { baseURL, webServer };
}
const desktop = server(PORT);
const phone = server(PORT + 1);

/** Debian's Chromium, never a downloaded browser (DEVELOPERS.md, "This machine"). */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // One worker per project (below), so the desktop and phone runs go side by side.
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    // A failed journey keeps its trace: every action with the page's DOM before and after it.
    // Not the screencast: recording frames cost 22% of the suite's processor time (134 s against
    // 105 s for results-day and family-care at both sizes), on a CI machine with two cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 900 },
        baseURL: desktop.baseURL,
      },
    },
    {
      name: 'phone',
      workers: 1,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 375, height: 812 },
        defaultBrowserType: 'chromium',
        baseURL: phone.baseURL,
      },
    },
  ],
  webServer: [desktop.webServer, phone.webServer],
});
