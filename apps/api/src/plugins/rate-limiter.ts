import fp from 'fastify-plugin';
import { createMemoryRateLimiter, type RateLimiter } from '../providers/rate-limit/rate-limiter.ts';
import { createRedisRateLimiter } from '../providers/rate-limit/redis-rate-limiter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

interface RateLimiterOptions {
  /** Replaces the configured limiter (tests); the caller closes it. */
  rateLimiter?: RateLimiter | undefined;
}

/**
 * Shared through Redis when REDIS_URL is set, so every instance counts the same calls; while
 * Redis is away, each instance's own memory (decision 038).
 */
export default fp<RateLimiterOptions>(
  async (app, options) => {
    if (options.rateLimiter) {
      app.decorate('rateLimiter', options.rateLimiter);
      return;
    }
    const limiter = app.config.REDIS_URL
      ? createRedisRateLimiter(app.config.REDIS_URL, app.config.REDIS_PREFIX, {
          now: app.now,
          onAway: (err) =>
            app.log.warn({ err }, 'Redis is away: rate limits are counted by this instance alone'),
        })
      : createMemoryRateLimiter(app.now);
    app.decorate('rateLimiter', limiter);
    app.addHook('onClose', () => limiter.close());
  },
  { name: 'rate-limiter', dependencies: ['core'] },
);
