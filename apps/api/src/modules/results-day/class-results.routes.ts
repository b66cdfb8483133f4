import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLASS_TEXT, classResultsApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';
import { requireWithinLimit } from '../../providers/rate-limit/rate-limiter.ts';

const HOUR = 60 * 60_000;

/** The name of a download, as a header carries it: ASCII fallback and the UTF-8 name (RFC 6266). */
const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** /api/Customers/{id}/Classes/{membershipId}/…: a class's results pack (decision 067). */
export const classResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.resultsDay.classResults;

  serve(app, classResultsApi.resultsCsv, async (req, reply) => {
    const { csv, fileName } = await service.resultsCsv(req.params.id, req.params.membershipId);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  serve(app, classResultsApi.certificatesZip, async (req, reply) => {
    // Each ZIP reads every certificate of the class from storage: a few an hour is plenty.
    await requireWithinLimit(
      app.rateLimiter,
      `class-certificates:${req.params.id}`,
      10,
      HOUR,
      CLASS_TEXT.say('tooManyDownloads'),
    );
    const { stream, fileName } = await service.certificatesZip(
      req.params.id,
      req.params.membershipId,
    );
    return reply
      .type('application/zip')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
};
