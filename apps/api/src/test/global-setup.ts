import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { readDemoCatalogue } from '../db/seed/demo-catalogue.ts';
import { loadCatalogue } from '../db/seed/seed.ts';

/** The databases every test file's own database is copied from (see test-app.ts). */
export interface TestTemplates {
  /** Migrated, with the demo catalogue loaded with the spec's exact dates. */
  seeded: string;
  /** Migrated, with no event (a new site). */
  bare: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates | null;
  }
}

async function adminQuery(serverUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string) {
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return target.toString();
}

async function makeTemplate(serverUrl: string, name: string, seed: boolean) {
  await adminQuery(serverUrl, `create database ${name}`);
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 1 });
  try {
    await migrateDatabase(handle, async () => {
      if (seed) await loadCatalogue(handle.db, readDemoCatalogue({ exactDates: true }));
    });
  } finally {
    await handle.close();
  }
}

/**
 * Vitest's global set-up for the API tests. On PostgreSQL (DATABASE_URL, as CI runs) each test
 * file used to migrate and seed a database of its own: 40 migrations and the demo catalogue, a
 * few seconds per file on a busy two-core machine, 119 times. They are done once here, into two
 * template databases, and each file's database is a copy (`create database … template …`), which
 * PostgreSQL makes by copying files. On PGlite (no DATABASE_URL) nothing changes.
 *
 * @public Vitest calls it (vitest.config.ts `globalSetup`); knip cannot follow that.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    project.provide('testTemplates', null);
    return;
  }
  const stem = `test_template_${randomBytes(4).toString('hex')}`;
  const templates: TestTemplates = { seeded: `${stem}_seeded`, bare: `${stem}_bare` };
  await makeTemplate(serverUrl, templates.seeded, true);
  await makeTemplate(serverUrl, templates.bare, false);
  project.provide('testTemplates', templates);
  return async () => {
    for (const name of Object.values(templates))
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  };
}
