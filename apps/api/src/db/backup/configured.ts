import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { storageFrom } from '../../providers/storage/configured-storage.ts';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import type { Stores } from './storage-check.ts';

/** The configured database and stores, as the server opens them: what the commands work on. */
export async function openConfigured(
  config: Config,
): Promise<{ database: DatabaseHandle; stores: Stores }> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
  });
  return {
    database,
    stores: { files: storageFrom(config, 'files'), videos: storageFrom(config, 'videos') },
  };
}

/** A report's list, at most `limit` lines of it, for a person to read. */
export function listed<T>(items: T[], line: (item: T) => string, limit = 50): string {
  const shown = items.slice(0, limit).map((i) => `  ${line(i)}`);
  if (items.length > limit) shown.push(`  … and ${items.length - limit} more`);
  return shown.join('\n');
}

const MB = 1024 * 1024;
export const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
