import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schoolStatementsApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';

/** A school's statement: the teacher's and coordinator's calls, and the organisers' (decision 066). */
export const schoolStatementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.schoolStatements;
  serve(app, schoolStatementsApi.statement, (req) =>
    service.classStatement(req.params.id, req.params.membershipId),
  );
  serve(app, schoolStatementsApi.pdf, async (req, reply) => {
    const { id, membershipId, orderId } = req.params;
    const { name, pdf } = await service.statementPdf(id, membershipId, orderId);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });
  serve(app, schoolStatementsApi.payByEft, (req) =>
    service.payByEft(req.params.id, req.params.membershipId, req.params.orderId),
  );
  serve(app, schoolStatementsApi.school, (req) => service.schoolStatement(req.params.id));
  serve(app, schoolStatementsApi.byReference, (req) => service.byReference(req.params.reference));
};
