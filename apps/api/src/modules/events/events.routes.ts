import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/** /api/Staff/Events: organisers only (the roles come from each definition). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { events } = app;

  serve(app, eventsApi.list, () => events.list());

  serve(app, eventsApi.get, (req) => events.get(req.params.id));

  serve(app, eventsApi.update, (req) =>
    events.update(callerOf(req).customerId, req.params.id, req.body),
  );

  serve(app, eventsApi.startFromDemo, async (req, reply) => {
    const created = await events.startFromDemo(callerOf(req).customerId);
    return reply.code(201).send(created);
  });

  serve(app, eventsApi.copy, async (req, reply) => {
    const created = await events.copy(callerOf(req).customerId, req.params.id, req.body);
    return reply.code(201).send(created);
  });

  serve(app, eventsApi.shiftDates, (req) =>
    events.shiftDates(callerOf(req).customerId, req.params.id, req.body.days),
  );

  serve(app, eventsApi.makeLive, (req) =>
    events.makeLive(callerOf(req).customerId, req.params.id, req.body.oldYearTextsAccepted),
  );
};
