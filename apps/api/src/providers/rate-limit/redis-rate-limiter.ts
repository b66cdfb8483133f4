import { closeRedis, connectRedis } from '../redis/redis-connection.ts';
import type { RateLimiter } from './rate-limiter.ts';

/**
 * One hit, atomically (Redis runs a script with nothing in between): INCR, then PEXPIRE when the
 * key has no expiry (it is new, or a writer died between INCR and PEXPIRE and left a counter
 * that would otherwise never reset), and the count and time left in one answer.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

type HitCommand = (key: string, windowMs: number) => Promise<[number, number]>;

/** Fixed windows in Redis, one script per hit, so every instance counts the same calls. */
export function createRedisRateLimiter(url: string, prefix = ''): RateLimiter {
  const redis = connectRedis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // EVALSHA, falling back to EVAL when the server does not know the script yet (ioredis).
  redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const hitScript = (redis as unknown as { rateLimitHit: HitCommand }).rateLimitHit.bind(redis);
  return {
    async hit(key, limit, windowMs) {
      const [count, ttl] = await hitScript(`${prefix}ratelimit:${key}`, windowMs);
      return { allowed: count <= limit, retryAfterMs: ttl };
    },
    async close() {
      await closeRedis(redis);
    },
  };
}
