import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSiteApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';
import { requireWithinLimit } from '../../providers/rate-limit/rate-limiter.ts';

/** Our own support-ticket form (issue 7), instead of an embedded outside one. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, publicSiteApi.supportTicket, async (req, reply) => {
    await requireWithinLimit(
      app.rateLimiter,
      `support:ip:${req.clientNetwork}`,
      5,
      60 * 60_000,
      'You have sent several messages already. Please wait an hour before sending another.',
    );
    return reply.code(201).send({ ticketNumber: await app.support.openTicket(req.body) });
  });
};
