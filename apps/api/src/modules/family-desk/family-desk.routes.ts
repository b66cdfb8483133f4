import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { familyDeskApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/** /api/Staff/Families: organisers only (from each definition). */
export const familyDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const desk = app.familyDesk;

  serve(app, familyDeskApi.search, (req) => desk.search(req.query));

  serve(app, familyDeskApi.get, (req) => desk.get(req.params.id));

  serve(app, familyDeskApi.correctContestant, (req) =>
    desk.correctContestant(
      callerOf(req).customerId,
      req.params.id,
      req.params.contestantId,
      req.body,
    ),
  );

  serve(app, familyDeskApi.changeEntryItem, (req) =>
    desk.changeEntryItem(callerOf(req).customerId, req.params.id, req.params.orderItemId, req.body),
  );

  serve(app, familyDeskApi.letInEarly, (req) =>
    desk.letInEarly(callerOf(req).customerId, req.params.id),
  );

  serve(app, familyDeskApi.resendConfirmation, (req) =>
    desk.resendConfirmation(callerOf(req).customerId, req.params.id, req.params.orderId),
  );

  serve(app, familyDeskApi.regenerateCertificates, (req) =>
    desk.regenerateCertificates(
      callerOf(req).customerId,
      req.params.id,
      req.params.orderItemId,
      req.body,
    ),
  );
};
