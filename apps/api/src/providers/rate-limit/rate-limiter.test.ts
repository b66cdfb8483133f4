import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { createRedisRateLimiter } from './redis-rate-limiter.ts';

function behavesAsARateLimiter(name: string, make: () => RateLimiter) {
  describe(name, () => {
    it('allows `limit` hits per window, then refuses with the time to wait', async () => {
      const limiter = make();
      const key = `test:${randomUUID()}`;
      for (let i = 0; i < 3; i++) expect((await limiter.hit(key, 3, 60_000)).allowed).toBe(true);
      const refused = await limiter.hit(key, 3, 60_000);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect((await limiter.hit(`${key}:other`, 3, 60_000)).allowed).toBe(true);
      await limiter.close();
    });
  });
}

behavesAsARateLimiter('memory rate limiter', () => createMemoryRateLimiter());

it('memory windows reset after their time', async () => {
  let t = 0;
  const limiter = createMemoryRateLimiter(() => t);
  expect((await limiter.hit('k', 1, 1000)).allowed).toBe(true);
  expect((await limiter.hit('k', 1, 1000)).allowed).toBe(false);
  t = 1001;
  expect((await limiter.hit('k', 1, 1000)).allowed).toBe(true);
});

// Runs where a Redis is configured (CI sets REDIS_URL when the machine's Redis answers).
const redisUrl = process.env.REDIS_URL;
if (redisUrl) behavesAsARateLimiter('redis rate limiter', () => createRedisRateLimiter(redisUrl));
