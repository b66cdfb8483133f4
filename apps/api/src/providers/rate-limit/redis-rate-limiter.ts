import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter.ts';

/** Fixed windows in Redis: INCR, and PEXPIRE on the first hit, in one round trip. */
export function createRedisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async hit(key, limit, windowMs) {
      const k = `ratelimit:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [
        [null, number],
        [null, number],
      ];
      let retryAfterMs = ttl;
      if (ttl < 0) {
        await redis.pexpire(k, windowMs);
        retryAfterMs = windowMs;
      }
      return { allowed: count <= limit, retryAfterMs };
    },
    async close() {
      await redis.quit();
    },
  };
}
