import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schoolStatementsApi } from '@eisteddfod/shared';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/** A statement PDF, to be saved and never kept by a cache on the way. */
const sendPdf = (reply: FastifyReply, { name, pdf }: { name: string; pdf: Uint8Array }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf));

/** A school's statement: the teacher's and coordinator's calls, and the organisers' (decision 066). */
export const schoolStatementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.schoolStatements;
  serve(app, schoolStatementsApi.statement, (req) =>
    service.classStatement(req.params.id, req.params.membershipId),
  );
  serve(app, schoolStatementsApi.pdf, async (req, reply) => {
    const { id, membershipId, orderId } = req.params;
    return sendPdf(reply, await service.statementPdf(id, membershipId, orderId));
  });
  serve(app, schoolStatementsApi.schoolPdf, async (req, reply) => {
    const { id, membershipId } = req.params;
    return sendPdf(reply, await service.schoolPdf.forCoordinator(id, membershipId));
  });
  serve(app, schoolStatementsApi.schoolPdfForStaff, async (req, reply) =>
    sendPdf(reply, await service.schoolPdf.forOrganiser(callerOf(req).customerId, req.params.id)),
  );
  serve(app, schoolStatementsApi.payByEft, (req) =>
    service.payByEft(req.params.id, req.params.membershipId, req.params.orderId),
  );
  serve(app, schoolStatementsApi.school, (req) => service.schoolStatement(req.params.id));
  serve(app, schoolStatementsApi.byReference, (req) => service.byReference(req.params.reference));
};
