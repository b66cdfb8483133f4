import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffApi } from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { serve } from '../../plugins/endpoints.ts';
import { scopeOf } from '../../plugins/scope.ts';
import { entriesCsv } from './csv-export.ts';
import { overviewFigures } from './overview.ts';

/**
 * /api/Staff: the organiser's overview of the event, its background jobs and the entries as CSV.
 * Each route's action comes from its definition (plugins/access.ts), the entries it counts or
 * lists from the caller's scope (plugins/scope.ts).
 */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adjudicators } = app.adjudication;
  const eventId = async () => {
    const id = await app.catalogue.currentEventId();
    if (id === undefined) throw notFound('EVENT_NOT_FOUND', 'There is no event yet.');
    return id;
  };

  serve(app, staffApi.overview, async (req) => {
    const event = await eventId();
    const figures = await overviewFigures(app.db, scopeOf(req, 'entries'), event);
    const list = await adjudicators.listAdjudicators();
    return {
      ...figures,
      adjudicators: list.map((a) => ({
        id: a.id,
        name: `${a.firstName} ${a.surname}`,
        progress: a.progress,
      })),
    };
  });

  serve(app, staffApi.jobs, async () => ({
    ...(await app.jobs.report()),
    heldBack: await app.fileProcessing.heldBack(),
  }));

  serve(app, staffApi.exportEntries, async (req, reply) => {
    const event = await eventId();
    const scope = scopeOf(req, 'entries');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="entries-event-${event}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(entriesCsv(app.db, scope, event)));
  });
};
