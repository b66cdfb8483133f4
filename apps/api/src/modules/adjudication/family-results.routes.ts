import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resultsApi } from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';
import { FileNotFoundError } from '../../providers/storage/file-storage.ts';

/** What families see of results: nothing before publication, then scores, medal, certificates. */
export const familyResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.adjudication;
  serve(app, resultsApi.rubricScores, async (req) => {
    const { customerId } = callerOf(req);
    return s.results.rubricScores(customerId, req.params.id);
  });

  serve(app, resultsApi.entryResult, async (req) => {
    const { customerId } = callerOf(req);
    return s.results.entryResult(customerId, req.params.id);
  });

  serve(app, resultsApi.certificateFile, async (req, reply) => {
    try {
      const file = await s.certificates.open(req.params.id, req.query.expires, req.query.signature);
      return reply
        .type('application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    } catch (err) {
      if (err instanceof FileNotFoundError)
        throw notFound('CERTIFICATE_NOT_FOUND', 'This certificate file is missing.');
      throw err;
    }
  });
};
