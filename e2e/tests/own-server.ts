import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { ApiInstance, freePort } from './cluster/instances.ts';

/**
 * A server of the spec's own (embedded database, fresh each run, `organiserEmail` its first
 * organiser), for journeys that change what every family sees or count every family of the
 * event. Started before the spec's tests and stopped after them; its log is kept in
 * test-results. `env` adds settings (SEED_ON_START=false: a new site with no event). Returns the
 * server's origin, to be read inside a test.
 */
export function useOwnServer(
  name: string,
  organiserEmail: string,
  env: Record<string, string> = {},
): () => string {
  let server: ApiInstance | undefined;
  let scratch = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    scratch = mkdtempSync(path.join(tmpdir(), `eisteddfod-${name}-`));
    const logFile = test.info().outputPath('server.log');
    const port = await freePort();
    server = new ApiInstance(
      name,
      port,
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: scratch,
        ORGANISER_BOOTSTRAP_EMAIL: organiserEmail,
        ...env,
      },
      (line) => appendFileSync(logFile, `${line}\n`),
    );
    await server.start();
  });

  test.afterAll(async () => {
    await server?.kill();
    server = undefined;
    rmSync(scratch, { recursive: true, force: true });
  });

  return () => {
    if (!server) throw new Error(`the ${name} server is not running`);
    return server.origin;
  };
}
