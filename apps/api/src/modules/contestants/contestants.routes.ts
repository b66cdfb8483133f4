import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contestantsApi } from '@eisteddfod/shared';
import { badRequest } from '../../lib/errors.ts';
import { serve } from '../../plugins/endpoints.ts';

/** Spec 7, the participant-profile calls (contestants), each for the caller's own only. */
export const contestantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const contestants = app.contestants;

  serve(app, contestantsApi.list, async (req) => contestants.listContestants(req.params.id));

  serve(app, contestantsApi.create, async (req, reply) => {
    if (req.body.customerId !== undefined && req.body.customerId !== req.params.id) {
      throw badRequest(
        'CUSTOMER_MISMATCH',
        'The contestant must belong to the logged-in customer.',
      );
    }
    return reply.code(201).send(await contestants.createContestant(req.params.id, req.body));
  });

  serve(app, contestantsApi.update, async (req) =>
    contestants.updateContestant(req.params.id, req.body),
  );

  serve(app, contestantsApi.remove, async (req, reply) => {
    await contestants.deleteContestant(req.params.id, req.params.participantProfileId);
    return reply.code(204).send(null);
  });
};
