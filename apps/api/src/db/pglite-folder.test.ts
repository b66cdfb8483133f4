import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { apiRoot } from '../lib/paths.ts';
import { openDatabase } from './client.ts';

it('makes a new PGlite folder where it was asked, a relative DATA_DIR included', async () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'pglite-folder-'));
  // Relative to where the server runs, as DATA_DIR=./data is for `npm start`; the folder is made
  // by a child process that runs elsewhere (apps/api), which must not matter.
  const relative = path.relative(process.cwd(), path.join(parent, 'pglite'));
  expect(process.cwd()).not.toBe(apiRoot());
  try {
    const database = await openDatabase({ pgliteDir: relative });
    await database.ping();
    await database.close();
    expect(existsSync(path.join(parent, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(apiRoot(), relative))).toBe(false);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
}, 120_000);
