import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { remindersApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/** /api/Staff/Reminders: organisers only; /api/Customers/{id}/ReminderSettings: the family's own. */
export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, remindersApi.list, () => app.reminders.list());

  serve(app, remindersApi.preview, (req) => app.reminders.preview(req.query));

  serve(app, remindersApi.create, async (req, reply) =>
    reply.code(201).send(await app.reminders.create(callerOf(req).customerId, req.body)),
  );

  serve(app, remindersApi.sendNow, (req) =>
    app.reminders.sendNow(callerOf(req).customerId, req.params.id),
  );

  serve(app, remindersApi.cancel, (req) =>
    app.reminders.cancel(callerOf(req).customerId, req.params.id),
  );

  serve(app, remindersApi.getSettings, (req) => app.reminders.settings(req.params.id));

  serve(app, remindersApi.updateSettings, (req) =>
    app.reminders.updateSettings(req.params.id, req.body),
  );
};
