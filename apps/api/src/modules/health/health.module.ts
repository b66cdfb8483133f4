import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes.ts';
import { createHealthService, type HealthService } from './health.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness: each dependency's state and latency (/readyz). */
    health: HealthService;
  }
}

/** Liveness and readiness for the load balancer. */
export default fp(
  async (app) => {
    const health = createHealthService({
      database: app.database,
      storage: app.storage,
      redisUrl: app.config.REDIS_URL,
      // Bunny Stream processes its own videos; our own host needs the machine's ffmpeg.
      ffmpeg: app.videoHost.kind === 'builtin' ? () => app.mediaTools.available() : undefined,
      onFailure: (dependency, err) => app.log.warn({ err, dependency }, 'readiness check failed'),
    });
    app.decorate('health', health);
    app.addHook('onClose', () => health.close());
    await app.register(healthRoutes);
  },
  { name: 'health', dependencies: ['core', 'storage', 'video-host', 'media-tools'] },
);
