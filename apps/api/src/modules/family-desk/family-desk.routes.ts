import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { familyDeskApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';
import { scopeOf } from '../../plugins/scope.ts';
import type { DeskCaller } from './family-desk.service.ts';

/**
 * /api/Staff/Families: the family desk (its action from each definition), over the families the
 * caller's scope reaches.
 */
export const familyDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const desk = app.familyDesk;

  serve(app, familyDeskApi.search, (req) => desk.search(scopeOf(req, 'families'), req.query));

  serve(app, familyDeskApi.get, (req) => desk.get(scopeOf(req, 'families'), req.params.id));

  serve(app, familyDeskApi.correctContestant, (req) =>
    desk.correctContestant(deskCaller(req), req.params.id, req.params.contestantId, req.body),
  );

  serve(app, familyDeskApi.changeEntryItem, (req) =>
    desk.changeEntryItem(deskCaller(req), req.params.id, req.params.orderItemId, req.body),
  );

  serve(app, familyDeskApi.letInEarly, (req) => desk.letInEarly(deskCaller(req), req.params.id));

  serve(app, familyDeskApi.resendConfirmation, (req) =>
    desk.resendConfirmation(deskCaller(req), req.params.id, req.params.orderId),
  );

  serve(app, familyDeskApi.regenerateCertificates, (req) =>
    desk.regenerateCertificates(deskCaller(req), req.params.id, req.params.orderItemId, req.body),
  );
};

function deskCaller(req: FastifyRequest): DeskCaller {
  return { customerId: callerOf(req).customerId, families: scopeOf(req, 'families') };
}
