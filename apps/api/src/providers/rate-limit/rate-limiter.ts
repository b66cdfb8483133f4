import type { Said } from '@eisteddfod/shared';
import { AppError } from '../../lib/errors.ts';

/** Counts hits per key in fixed windows; shared across instances when backed by Redis. */
export interface RateLimiter {
  /** Records one hit; `allowed` is false once `limit` hits fell in the current window. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

interface RateLimitResult {
  allowed: boolean;
  retryAfterMs: number;
}

/** One process's memory: right for a single instance and for tests. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let hits = 0;
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      // Sweep expired windows now and then so that the map cannot grow without bound.
      if (++hits % 10_000 === 0) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { allowed: w.count <= limit, retryAfterMs: Math.max(0, w.resetAt - t) };
    },
    async close() {
      windows.clear();
    },
  };
}

/** Counts one hit and refuses with 429 (and Retry-After) once `limit` is spent in the window. */
export async function requireWithinLimit(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowMs: number,
  message: string | Said,
): Promise<void> {
  const result = await limiter.hit(key, limit, windowMs);
  if (!result.allowed) {
    throw new AppError(429, 'RATE_LIMITED', message, Math.ceil(result.retryAfterMs / 1000));
  }
}
