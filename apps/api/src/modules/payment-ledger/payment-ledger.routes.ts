import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentLedgerApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';
import { scopeOf } from '../../plugins/scope.ts';
import { paymentsCsv } from './payments-csv.ts';

/**
 * /api/Staff/Payments and the money recorded against an order (its action from each definition);
 * the lists read the movements the caller's scope reaches.
 */
export const paymentLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ledger = app.paymentLedger;

  serve(app, paymentLedgerApi.payments, (req) =>
    ledger.listPayments(scopeOf(req, 'payments'), req.query),
  );

  serve(app, paymentLedgerApi.notifications, (req) => ledger.listNotifications(req.query));

  serve(app, paymentLedgerApi.reconciliation, (req) => ledger.reconciliation(req.query.eventId));

  serve(app, paymentLedgerApi.exportCsv, async (req, reply) => {
    const { eventId } = req.query;
    const scope = scopeOf(req, 'payments');
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="payments-${eventId === undefined ? 'all' : `event-${eventId}`}.csv"`,
      )
      .header('cache-control', 'no-store')
      .send(
        Readable.from(
          paymentsCsv((offset, limit) => ledger.movementsBatch(scope, eventId, offset, limit)),
        ),
      );
  });

  // 201 when recorded; 200 with the first record when the same reference was recorded before.
  serve(app, paymentLedgerApi.recordPayment, async (req, reply) => {
    const { created, movement } = await ledger.recordManualPayment(
      callerOf(req).customerId,
      req.params.id,
      req.body,
    );
    return reply.code(created ? 201 : 200).send(movement);
  });

  serve(app, paymentLedgerApi.recordAdjustment, async (req, reply) => {
    const { created, movement } = await ledger.recordAdjustment(
      callerOf(req).customerId,
      req.params.id,
      req.body,
    );
    return reply.code(created ? 201 : 200).send(movement);
  });
};
