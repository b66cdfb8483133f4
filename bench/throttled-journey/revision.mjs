// Another revision of the app, built beside this one, for a before-and-after in the same run:
// a detached git worktree in the temporary folder that borrows this checkout's node_modules
// (fine for revisions whose package-lock.json is the same, which is checked).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync, unlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The folders of node_modules an npm workspace install made in this checkout. */
const MODULE_DIRS = ['node_modules', 'apps/api/node_modules', 'apps/web/node_modules'];

/**
 * @param {string} root this checkout
 * @param {string} rev any git revision
 * @returns {Promise<{ serverJs: string, remove: () => Promise<void> }>}
 */
export async function buildRevision(root, rev) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-revision-'));
  const git = (/** @type {string[]} */ ...args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  git('worktree', 'add', '--detach', dir, rev);
  async function remove() {
    // The borrowed node_modules go first, so that nothing below can reach into this checkout's.
    for (const modules of MODULE_DIRS) {
      if (existsSync(path.join(dir, modules))) unlinkSync(path.join(dir, modules));
    }
    git('worktree', 'remove', '--force', dir);
    await rm(dir, { recursive: true, force: true });
  }
  try {
    const lock = (/** @type {string} */ at) =>
      readFileSync(path.join(at, 'package-lock.json'), 'utf8');
    if (lock(dir) !== lock(root)) {
      throw new Error(
        `${rev} has other dependencies than this checkout: npm ci there and run the bench in it`,
      );
    }
    for (const modules of MODULE_DIRS) {
      if (existsSync(path.join(root, modules))) {
        symlinkSync(path.join(root, modules), path.join(dir, modules), 'dir');
      }
    }
    console.log(`Building ${rev} (${git('rev-parse', '--short', rev)}) in ${dir}`);
    execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    return { serverJs: path.join(dir, 'apps/api/dist/server.js'), remove };
  } catch (err) {
    await remove();
    throw err;
  }
}
