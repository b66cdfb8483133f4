import fp from 'fastify-plugin';
import { signInsRoutes } from './sign-ins.routes.ts';
import { createSignInsService, type SignInsService } from './sign-ins.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed and throttled sign-ins: recorded by accounts, read by organisers (decision 032). */
    signIns: SignInsService;
  }
}

/**
 * Sign-in events (issue 30): the accounts module reports each refused pin check or send, this
 * one logs it, keeps it 90 days (a nightly sweep on the job queue) and shows organisers the
 * counts per account and per client address.
 */
export default fp(
  async (app) => {
    const service = createSignInsService({
      db: app.db,
      log: app.log,
      limiter: app.rateLimiter,
      now: app.now,
    });
    app.decorate('signIns', service);
    await app.jobs.every(
      'sign-ins.retention',
      '37 3 * * *',
      () => service.deleteOld(),
      'Deletion of sign-in events older than 90 days',
    );
    await app.register(signInsRoutes);
  },
  { name: 'sign-ins', dependencies: ['core', 'jobs', 'rate-limiter'] },
);
