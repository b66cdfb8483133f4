import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The apps/api folder, found by walking up from this module. The same code runs from src/
 * (tests) and from the bundle in dist/, which sit at different depths.
 */
export function apiRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@eisteddfod/api') return (cached = dir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @eisteddfod/api package folder');
    dir = parent;
  }
}
