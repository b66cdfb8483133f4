import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/env.ts';

/**
 * The configured AUTH_SECRET, or for a local run one made once and kept under DATA_DIR, so
 * logins survive a restart without any set-up. A production server never makes its own: a
 * secret on one machine's disk would differ between instances and vanish with the machine.
 */
export function loadAuthSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (!config.devTools) throw new Error('AUTH_SECRET is required in production');
  const file = path.join(config.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
