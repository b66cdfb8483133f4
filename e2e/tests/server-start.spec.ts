import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Issue 13: the built server as an operator starts it. With nothing set it is a production
 * server and refuses to start, naming what is missing, instead of serving readable pins and
 * sandbox payments; a local run says loudly what it exposes.
 */
const serverJs = path.resolve(import.meta.dirname, '../../apps/api/dist/server.js');

/** Runs the server with exactly `env` (plus PATH) until it exits or prints `until`. */
function runServer(env: Record<string, string>, until?: RegExp) {
  const cwd = mkdtempSync(path.join(tmpdir(), 'server-start-'));
  const child = spawn(process.execPath, [serverJs], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      if (until?.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      rmSync(cwd, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

// Not a screen: one run is enough, whatever the viewport.
test.skip(({ isMobile }) => isMobile, 'runs once, in the desktop project');

test('a bare start refuses with a clear message naming each missing setting', async () => {
  const { code, output } = await runServer({});
  expect(code).toBe(1);
  expect(output).toContain('Invalid configuration');
  for (const name of ['AUTH_SECRET', 'PUBLIC_URL', 'PAYMENT_PROVIDER']) {
    expect(output).toContain(name);
  }
  expect(output).toContain('npm start');
  // A message for a person, not a stack trace.
  expect(output).not.toMatch(/\n\s+at /);
});

test('PayFast without its passphrase refuses to start', async () => {
  const { code, output } = await runServer({
    AUTH_SECRET: 'x'.repeat(32),
    PUBLIC_URL: 'https://entries.example.org',
    PAYMENT_PROVIDER: 'payfast',
    PAYFAST_MERCHANT_ID: '10000100',
    PAYFAST_MERCHANT_KEY: '46f0cd694581a',
  });
  expect(code).toBe(1);
  expect(output).toContain('PAYFAST_PASSPHRASE: required with PAYMENT_PROVIDER=payfast');
});

test('a local run on another port says loudly what it exposes, at its own address', async () => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'server-start-data-'));
  try {
    const { output } = await runServer(
      {
        NODE_ENV: 'development',
        PORT: '3219',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_ON_START: 'false',
        LOG_LEVEL: 'warn',
      },
      /Never let families reach this server/,
    );
    expect(output).toContain('LOCAL RUN (NODE_ENV=development)');
    expect(output).toContain('http://localhost:3219/dev/outbox');
    expect(output).toContain('no money moves');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
