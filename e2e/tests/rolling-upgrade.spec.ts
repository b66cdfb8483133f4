import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { addContestant, addEntry, payCart, registerFamily } from './cluster/journey.ts';
import { ApiInstance, freePort, repositoryRoot } from './cluster/instances.ts';
import { createDatabase, postgresProblem } from './cluster/services.ts';

/**
 * The rolling-upgrade drill (issue 31, decision 037). The previous release (by default the
 * commit before the newest one that added a migration; ROLLING_UPGRADE_FROM names another tag
 * or commit) is built from git into a scratch folder and started on a fresh PostgreSQL
 * database, as the instances of a deployment are before an upgrade. This checkout's built server
 * then starts on the same database and migrates it, as the first new instance does; and the
 * previous release's instance, still running, must serve a family's journey on the migrated
 * schema: register, sign in, a contestant, an entry, paid. It is what expand-then-contract
 * promises. A previous instance started after the migration would refuse the newer database,
 * as it should (migrate.test.ts).
 */
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repositoryRoot, encoding: 'utf8' }).trim();

test.beforeAll(async () => {
  const testInfo = test.info();
  test.skip(testInfo.project.name !== 'desktop', 'One upgrade is enough: it has no screen size');
  const missing = await postgresProblem();
  test.skip(missing !== undefined, `The rolling upgrade needs PostgreSQL: ${missing}`);
});

test('the previous release serves a family on the database the new release migrated', async () => {
  test.setTimeout(240_000);
  // A clone without history cannot build the previous release: that is a failure, not a skip,
  // so that a CI which stopped fetching history does not quietly stop checking upgrades.
  expect(git('rev-parse', '--is-shallow-repository'), 'a clone with its history').toBe('false');
  // The commit before the newest one (on main's own line) that added a migration: an edit of
  // the journal alone (an index put right) is no new schema, and taking the commit before it
  // compared a release with itself.
  const added = git(
    'log',
    '-1',
    '--format=%H',
    '--first-parent',
    '--diff-filter=A',
    '--',
    'apps/api/drizzle/*.sql',
  );
  const previous = process.env.ROLLING_UPGRADE_FROM ?? git('rev-parse', `${added}^`);
  const log = (line: string) => console.log(line);
  const scratch = mkdtempSync(path.join(tmpdir(), 'rolling-upgrade-'));
  const run = `rolling_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const database = await createDatabase(run);
  const instances: ApiInstance[] = [];
  try {
    // The previous release's tree, its own workspace packages linked, npm's packages shared.
    const tree = path.join(scratch, 'previous');
    mkdirSync(tree);
    execFileSync('sh', ['-c', `git archive ${previous} | tar -x -C '${tree}'`], {
      cwd: repositoryRoot,
    });
    const modules = path.join(tree, 'node_modules');
    mkdirSync(path.join(modules, '@eisteddfod'), { recursive: true });
    for (const name of readdirSync(path.join(repositoryRoot, 'node_modules'))) {
      if (name === '@eisteddfod') continue;
      symlinkSync(path.join(repositoryRoot, 'node_modules', name), path.join(modules, name));
    }
    symlinkSync(path.join(tree, 'packages/shared'), path.join(modules, '@eisteddfod/shared'));
    execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(tree, 'apps/api') });

    const env = (name: string) => ({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      DATABASE_URL: database.url,
      SINGLE_INSTANCE: 'true',
      DATA_DIR: path.join(scratch, name),
      WEB_DIST_DIR: '/nonexistent',
    });
    const migrations = async () =>
      Number(
        (
          await database.query<{ n: string }>(
            'select count(*)::text as n from drizzle.__drizzle_migrations',
          )
        )[0]?.n,
      );
    const old = new ApiInstance(
      'previous',
      await freePort(),
      env('previous'),
      log,
      path.join(tree, 'apps/api/dist/server.js'),
    );
    instances.push(old);
    await old.start();
    const before = await migrations();

    const current = new ApiInstance('current', await freePort(), env('current'), log);
    instances.push(current);
    await current.start();
    // The new release brought migrations the previous one did not have.
    expect(await migrations()).toBeGreaterThan(before);

    const family = await registerFamily(old.origin, `upgrade.${run}@example.org`, 'Nkosi');
    const contestant = await addContestant(family, 'Zanele', 'Nkosi', '2');
    await addEntry(family, 'MU101', contestant);
    await payCart(family);
  } finally {
    for (const instance of instances) await instance.kill();
    await database.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
});
