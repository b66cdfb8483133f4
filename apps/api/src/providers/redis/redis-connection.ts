import { Redis, type RedisOptions } from 'ioredis';

/**
 * A connection to REDIS_URL. Its failures reach its callers through their commands; without an
 * 'error' listener ioredis would also print each failed reconnection to the console.
 */
export function connectRedis(url: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, options);
  redis.on('error', () => undefined);
  return redis;
}

/**
 * Closes a connection: QUIT when Redis answers, and at most `waitMs` for it, then drops it. QUIT
 * alone waits for a Redis that is away or hung (a queued command waits for a connection that
 * never comes), which would hang the app's close.
 */
export async function closeRedis(redis: Redis, waitMs = 1000): Promise<void> {
  if (redis.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      redis.quit().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
  }
  redis.disconnect();
}
