import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiRoot } from '../lib/paths.ts';

const folders: string[] = [];

/**
 * The migrations as an earlier release had them: none after `lastTag`, and the files named in
 * `firstTexts` as they were first committed (from db/first-texts/, decision 037). For a test of
 * what a migration does to an existing database: migrate to this, write old rows, migrate on.
 */
export function migrationsUpTo(lastTag: string, firstTexts: readonly string[] = []): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  folders.push(folder);
  cpSync(path.join(apiRoot(), 'drizzle'), folder, { recursive: true });
  for (const tag of firstTexts) {
    const first = path.join(import.meta.dirname, 'first-texts', `${tag}.sql`);
    cpSync(first, path.join(folder, `${tag}.sql`));
  }
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`No migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** Removes the folders `migrationsUpTo` made (call from afterAll). */
export function removeMigrationFolders(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}
