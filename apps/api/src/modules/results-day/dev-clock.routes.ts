import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devClockApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';
import { answerLoopbackOnly } from '../../plugins/loopback-only.ts';

/**
 * The test clock (decision 026): registered only when NODE_ENV is 'test' and the server was given
 * a clock it may move (results-day.module.ts). A journey sets the server's time past a release
 * and the release sweep runs at once, before the answer, so the journey need not wait for the
 * minute's tick.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{ setNow: (ms: number) => void }> = async (
  app,
  { setNow },
) => {
  // Whoever moves the clock releases results: the journeys that use it run on this machine.
  answerLoopbackOnly(app);
  const now = () => ({ now: new Date(app.now()).toISOString() });
  serve(app, devClockApi.get, async () => now());
  serve(app, devClockApi.set, async (req) => {
    setNow(Date.parse(req.body.now));
    await app.resultsDay.release.releaseDue();
    return now();
  });
};
