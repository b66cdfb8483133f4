import { closeRedis, connectRedis } from '../redis/redis-connection.ts';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.ts';

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

/**
 * After a failed hit on a connection that stays up (READONLY after a failover, OOM), Redis is
 * asked again this long after: no 'ready' event would ever say it is back.
 */
const RETRY_AFTER_MS = 5_000;

/**
 * Fixed windows in Redis, one script per hit, so every instance counts the same calls. While
 * Redis is away each instance counts in its own memory instead (decision 038): sign-in and
 * registration go on, still limited, at most as many times looser as there are instances, and
 * `onAway` is told once per outage. A hit never waits for a Redis known to be away: one whose
 * connection failed and is not ready again, or whose last hit failed less than RETRY_AFTER_MS
 * ago (an error that leaves the connection up).
 */
export function createRedisRateLimiter(
  url: string,
  prefix = '',
  options: { now?: () => number; onAway?: (err: unknown) => void } = {},
): RateLimiter {
  const redis = connectRedis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const memory = createMemoryRateLimiter(options.now);
  const now = options.now ?? Date.now;
  let told = false;
  let down = false;
  let awayUntil = 0;
  const tell = (err: unknown) => {
    if (!told) options.onAway?.(err);
    told = true;
  };
  redis.on('error', (err) => {
    tell(err);
    down = true;
  });
  redis.on('ready', () => (down = false));
  // EVALSHA, falling back to EVAL when the server does not know the script yet (ioredis).
  redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const hitScript = (redis as unknown as { rateLimitHit: HitCommand }).rateLimitHit.bind(redis);
  return {
    async hit(key, limit, windowMs) {
      if (!down && now() >= awayUntil) {
        try {
          const [count, ttl] = await hitScript(`${prefix}ratelimit:${key}`, windowMs);
          told = false;
          return { allowed: count <= limit, retryAfterMs: ttl };
        } catch (err) {
          tell(err);
          awayUntil = now() + RETRY_AFTER_MS;
        }
      }
      return memory.hit(key, limit, windowMs);
    },
    async close() {
      await Promise.all([closeRedis(redis), memory.close()]);
    },
  };
}
