import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resultsApi } from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { PRESIGNED_SECONDS, redirectToStorage } from '../../lib/storage-redirect.ts';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';
import { FileNotFoundError } from '../../providers/storage/file-storage.ts';

/** What families see of results: nothing before publication, then scores, medal, certificates. */
export const familyResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.resultsDay;
  serve(app, resultsApi.rubricScores, async (req) => {
    const { customerId } = callerOf(req);
    return s.results.rubricScores(customerId, req.params.id);
  });

  serve(app, resultsApi.entryResult, async (req) => {
    const { customerId } = callerOf(req);
    return s.results.entryResult(customerId, req.params.id);
  });

  serve(app, resultsApi.certificateFile, async (req, reply) => {
    const { expires, signature } = req.query;
    const { storageKey, fileName } = await s.certificates.locate(req.params.id, expires, signature);
    const download = {
      fileName,
      contentType: 'application/pdf',
      inline: true,
      expiresInSeconds: Math.min(
        Math.max(0, expires - Math.floor(app.now() / 1000)),
        PRESIGNED_SECONDS.file,
      ),
    };
    if (await redirectToStorage(reply, app.storage, storageKey, download)) return reply;
    try {
      const file = await app.storage.read(storageKey);
      return reply
        .type('application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    } catch (err) {
      if (err instanceof FileNotFoundError)
        throw notFound('CERTIFICATE_NOT_FOUND', 'This certificate file is missing.');
      throw err;
    }
  });
};
