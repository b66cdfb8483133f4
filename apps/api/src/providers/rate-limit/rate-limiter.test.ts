import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
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

describe.runIf(redisUrl)('redis rate limiter across instances', () => {
  const url = redisUrl ?? '';

  it('lets exactly `limit` of many concurrent hits through, counted by two instances', async () => {
    // Two limiters, two connections: two API instances behind one load balancer.
    const [a, b] = [createRedisRateLimiter(url), createRedisRateLimiter(url)];
    const key = `test:${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).hit(key, 10, 60_000)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    for (const r of results) {
      expect(r.retryAfterMs).toBeGreaterThan(0);
      expect(r.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
    await Promise.all([a.close(), b.close()]);
  });

  it('gives a counter left without an expiry one on the next hit', async () => {
    const redis = new Redis(url);
    const limiter = createRedisRateLimiter(url);
    const key = `test:${randomUUID()}`;
    // What a writer dying between INCR and PEXPIRE would have left: a count that never resets.
    await redis.set(`ratelimit:${key}`, 5);
    expect(await redis.pttl(`ratelimit:${key}`)).toBe(-1);
    const result = await limiter.hit(key, 10, 30_000);
    expect(result).toEqual({ allowed: true, retryAfterMs: 30_000 });
    const ttl = await redis.pttl(`ratelimit:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30_000);
    expect(await redis.get(`ratelimit:${key}`)).toBe('6');
    await redis.del(`ratelimit:${key}`);
    await Promise.all([limiter.close(), redis.quit()]);
  });

  // The security review of issue 31: an error that leaves the connection up (READONLY after a
  // failover, OOM) sent the limiter to memory until the process restarted, since only a new
  // connection's 'ready' brought it back, while /readyz said Redis was fine.
  it('goes back to Redis a few seconds after a failed hit, with the connection still up', async () => {
    let clock = Date.parse('2026-11-27T10:00:00Z');
    const redis = new Redis(url);
    const limiter = createRedisRateLimiter(url, '', { now: () => clock });
    const key = `test:${randomUUID()}`;
    // A key of another type: INCR fails as READONLY or OOM would, and the connection stays up.
    await redis.rpush(`ratelimit:${key}`, 'x');
    expect((await limiter.hit(key, 10, 60_000)).allowed).toBe(true);
    await redis.del(`ratelimit:${key}`);
    clock += 1_000;
    await limiter.hit(key, 10, 60_000);
    expect(await redis.get(`ratelimit:${key}`)).toBeNull(); // still counting in memory
    clock += 5_000;
    await limiter.hit(key, 10, 60_000);
    expect(await redis.get(`ratelimit:${key}`)).toBe('1'); // counted by Redis again
    await redis.del(`ratelimit:${key}`);
    await Promise.all([limiter.close(), redis.quit()]);
  });

  it('keeps the counts of environments sharing one Redis apart by REDIS_PREFIX', async () => {
    const staging = createRedisRateLimiter(url, `staging-${randomUUID()}:`);
    const production = createRedisRateLimiter(url, `production-${randomUUID()}:`);
    // The same key in both: customer 1 exists in every database.
    const key = 'pin-send:customer:1';
    for (let i = 0; i < 3; i++) await staging.hit(key, 3, 60_000);
    expect((await staging.hit(key, 3, 60_000)).allowed).toBe(false);
    expect((await production.hit(key, 3, 60_000)).allowed).toBe(true);
    await Promise.all([staging.close(), production.close()]);
  });
});

it('counts in its own memory while Redis is away, at once and still refusing past the limit (decision 038)', async () => {
  // Nothing listens there: Redis is down.
  let told = 0;
  const limiter = createRedisRateLimiter('redis://127.0.0.1:3449/3', 'heal:', {
    onAway: () => told++,
  });
  const started = Date.now();
  for (let i = 0; i < 3; i++) expect((await limiter.hit('k', 3, 60_000)).allowed).toBe(true);
  const refused = await limiter.hit('k', 3, 60_000);
  expect(refused.allowed).toBe(false);
  expect(refused.retryAfterMs).toBeGreaterThan(0);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(told).toBe(1);
  await limiter.close();
});
