import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffApi } from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { callerOf, staffOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';
import { entriesCsv } from './csv-export.ts';
import { overviewFigures } from './overview.ts';

/**
 * /api/Staff/*: every route declares the staff roles it serves, and the access hook reads the
 * caller's role from the database first (plugins/access.ts). A family's session gets the answer
 * of a route that does not exist, staff of the other role 403.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.adjudication;
  const eventId = async () => {
    const id = await app.catalogue.currentEventId();
    if (id === undefined) throw notFound('EVENT_NOT_FOUND', 'There is no event yet.');
    return id;
  };

  serve(app, staffApi.me, async (req) => {
    const { customerId, staff } = staffOf(req);
    return { customerId, firstName: staff.firstName, surname: staff.surname, role: staff.role };
  });

  // ---- adjudicators ----

  serve(app, staffApi.markingList, async (req) => {
    const { customerId } = callerOf(req);
    return s.marking.listEntries(customerId);
  });

  serve(app, staffApi.markingEntry, async (req) => {
    const { customerId } = callerOf(req);
    return s.marking.getEntry(customerId, req.params.orderItemId);
  });

  serve(app, staffApi.saveMark, async (req) => {
    const { customerId } = callerOf(req);
    return s.marking.saveMark(customerId, req.params.orderItemId, req.body);
  });

  serve(app, staffApi.bucketLink, async (req) => {
    const { customerId } = callerOf(req);
    return s.marking.fileLink(customerId, req.query.orderItemId, req.query.uploadId);
  });

  serve(app, staffApi.conflicts, async (req) => {
    const { customerId } = callerOf(req);
    return s.adjudicators.conflictsOf(customerId);
  });

  serve(app, staffApi.declareConflict, async (req, reply) => {
    const { customerId } = callerOf(req);
    return reply.code(201).send(await s.adjudicators.declareConflict(customerId, req.body));
  });

  // ---- organisers ----

  serve(app, staffApi.adjudicators, async () => s.adjudicators.listAdjudicators());

  serve(app, staffApi.inviteAdjudicator, async (req, reply) => {
    const { customerId } = callerOf(req);
    return reply.code(201).send(await s.adjudicators.inviteAdjudicator(customerId, req.body));
  });

  serve(app, staffApi.assign, async (req, reply) => {
    const { customerId } = callerOf(req);
    return reply.code(201).send(await s.adjudicators.assign(customerId, req.params.id, req.body));
  });

  serve(app, staffApi.unassign, async (req, reply) => {
    const { customerId } = callerOf(req);
    await s.adjudicators.unassign(customerId, req.params.id, req.params.assignmentId);
    return reply.code(204).send(null);
  });

  serve(app, staffApi.results, async (req) => s.results.review(req.query.section));

  serve(app, staffApi.publish, async (req) => {
    const { customerId } = callerOf(req);
    return s.results.publish(customerId, req.body.section);
  });

  serve(app, staffApi.reopenMark, async (req, reply) => {
    const { customerId } = callerOf(req);
    await s.marking.reopenMark(customerId, req.params.orderItemId);
    return reply.code(204).send(null);
  });

  serve(app, staffApi.regenerateCertificates, async (req) => {
    const { customerId } = callerOf(req);
    return {
      certificates: await s.certificates.regenerate(customerId, req.params.orderItemId),
    };
  });

  serve(app, staffApi.overview, async () => {
    const event = await eventId();
    const figures = await overviewFigures(app.db, event);
    const adjudicators = await s.adjudicators.listAdjudicators();
    return {
      ...figures,
      adjudicators: adjudicators.map((a) => ({
        id: a.id,
        name: `${a.firstName} ${a.surname}`,
        progress: a.progress,
      })),
    };
  });

  serve(app, staffApi.exportEntries, async (_req, reply) => {
    const event = await eventId();
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="entries-event-${event}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(entriesCsv(app.db, event)));
  });
};
