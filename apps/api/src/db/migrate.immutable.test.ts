import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { apiRoot } from '../lib/paths.ts';

const folder = path.join(apiRoot(), 'drizzle');
const manifestFile = path.join(folder, 'migrations.sha256');

/** File name to SHA-256, from `sha256sum` lines; `#` lines are comments. */
function manifest(): Map<string, string> {
  const lines = readFileSync(manifestFile, 'utf8').split('\n');
  return new Map(
    lines
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => {
        const [hash, name] = line.split(/\s+\*?/);
        return [name!, hash!];
      }),
  );
}

// drizzle's migrator never runs a migration twice, so a committed migration edited later never
// reaches a database that applied it (0013-0016 were; 0023 reconciles them). Decision 037.
it('no committed migration has changed or gone since its hash was recorded', () => {
  const changed = [...manifest()].flatMap(([name, hash]) => {
    const file = path.join(folder, name);
    if (!existsSync(file)) return [`${name} is missing`];
    const now = createHash('sha256').update(readFileSync(file)).digest('hex');
    return now === hash ? [] : [`${name} has changed`];
  });
  expect(
    changed,
    'A committed migration never changes: put the change in a new migration (README, "Upgrades")',
  ).toEqual([]);
});

it('every migration in the folder and the journal has its hash recorded', () => {
  const listed = manifest();
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const files = readdirSync(folder).filter((name) => name.endsWith('.sql'));
  const inJournal = journal.entries.map((e) => `${e.tag}.sql`);
  const unlisted = [...new Set([...files, ...inJournal])].filter((name) => !listed.has(name));
  expect(
    unlisted,
    'Record a new migration once it is final: sha256sum NNNN_name.sql >> migrations.sha256',
  ).toEqual([]);
});
