import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EntryFileHeadersSchema, FILE_TEXT, uploadsApi } from '@eisteddfod/shared';
import { badRequest } from '../../lib/errors.ts';
import { readOneFile } from '../../lib/multipart-file.ts';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';
import { requireWithinLimit } from '../../providers/rate-limit/rate-limiter.ts';

/**
 * POST /api/Uploads/UploadS3Files (spec 7): an image or document of an entry, multipart field
 * `file`, headers orderId, orderItemId, uploadTypeId (2 main, 3 supporting), updatedFilename.
 * The stored name is the server's (spec 5's rule), whatever updatedFilename says.
 */
export const entryFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.DOCUMENT_MAX_MB * 1024 * 1024;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10 } });

  serve(app, uploadsApi.uploadEntryFile, async (req) => {
    const { customerId } = callerOf(req);
    await requireWithinLimit(
      app.rateLimiter,
      `entry-files:customer:${customerId}`,
      120,
      60 * 60_000,
      'You have uploaded many files in the last hour. Please try again later.',
    );
    const headers = EntryFileHeadersSchema.safeParse(req.headers);
    if (!headers.success) {
      throw badRequest(
        'VALIDATION_ERROR',
        'The headers orderItemId and uploadTypeId (2 or 3) are required.',
      );
    }
    const { fileName, data } = await readOneFile(req, FILE_TEXT.say('tooLarge'));
    return app.entryFiles.storeEntryFile(customerId, {
      orderItemId: headers.data.orderitemid,
      uploadType: headers.data.uploadtypeid,
      fileName,
      data,
    });
  });
};
