import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resultsDayApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';
import { GALA_CACHE_SECONDS } from './gala.service.ts';

/**
 * Results day (decision 026): organisers' winners and release under /api/Staff/Events/{id}, the
 * public gala page's data and a family's results page per contestant.
 */
export const resultsDayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { winners, release, gala, contestantResults } = app.resultsDay;
  const organiser = (req: Parameters<typeof callerOf>[0]) => callerOf(req).customerId;

  serve(app, resultsDayApi.getWinnersRule, (req) => winners.rule(req.params.id));
  serve(app, resultsDayApi.saveWinnersRule, (req) =>
    winners.saveRule(organiser(req), req.params.id, req.body),
  );
  serve(app, resultsDayApi.previewWinners, (req) => winners.preview(req.params.id));
  serve(app, resultsDayApi.confirmWinners, async (req) => {
    const confirmed = await winners.confirm(organiser(req), req.params.id, req.body.previewToken);
    gala.forget(req.params.id);
    return confirmed;
  });
  serve(app, resultsDayApi.confirmedWinners, (req) => winners.confirmed(req.params.id));

  serve(app, resultsDayApi.getRelease, (req) => release.state(req.params.id));
  serve(app, resultsDayApi.scheduleRelease, async (req) => {
    const state = await release.schedule(organiser(req), req.params.id, req.body.releaseTime);
    gala.forget(req.params.id);
    return state;
  });
  serve(app, resultsDayApi.releasePreview, (req) => release.preview(req.params.id));
  serve(app, resultsDayApi.releaseNow, (req) =>
    release.releaseNow(organiser(req), req.params.id, req.body?.acknowledge),
  );
  serve(app, resultsDayApi.withdrawRelease, (req) =>
    release.withdraw(organiser(req), req.params.id),
  );

  serve(app, resultsDayApi.gala, async (_req, reply) => {
    reply.header('cache-control', `public, max-age=${GALA_CACHE_SECONDS}`);
    return gala.gala();
  });

  serve(app, resultsDayApi.contestantResults, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return contestantResults.results(callerOf(req).customerId, req.params.id);
  });
};
