import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  EntryFileHeadersSchema,
  UPLOAD_MESSAGES,
  UploadResponseSchema,
} from '@eisteddfod/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import { requireSession } from '../../plugins/auth.ts';

/**
 * POST /api/Uploads/UploadS3Files (spec 7): an image or document of an entry, multipart field
 * `file`, headers orderId, orderItemId, uploadTypeId (2 main, 3 supporting), updatedFilename.
 * The stored name is the server's (spec 5's rule), whatever updatedFilename says.
 */
export const entryFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.DOCUMENT_MAX_MB * 1024 * 1024;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10 } });

  app.post(
    '/api/Uploads/UploadS3Files',
    {
      schema: {
        tags: ['Uploads portal'],
        summary:
          'Upload an image or document of an entry (multipart field "file"; headers orderId, orderItemId, uploadTypeId, updatedFilename)',
        response: {
          200: UploadResponseSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (req) => {
      const { customerId } = await requireSession(app.tokens, req);
      const limit = await app.rateLimiter.hit(
        `entry-files:customer:${customerId}`,
        120,
        60 * 60_000,
      );
      if (!limit.allowed) {
        throw new AppError(
          429,
          'RATE_LIMITED',
          'You have uploaded many files in the last hour. Please try again later.',
          Math.ceil(limit.retryAfterMs / 1000),
        );
      }
      const headers = EntryFileHeadersSchema.safeParse(req.headers);
      if (!headers.success) {
        throw badRequest(
          'VALIDATION_ERROR',
          'The headers orderItemId and uploadTypeId (2 or 3) are required.',
        );
      }
      if (!req.isMultipart()) {
        throw badRequest(
          'NOT_MULTIPART',
          'Send the file as multipart form data in the field "file".',
        );
      }
      const part = await req.file();
      if (!part || part.fieldname !== 'file')
        throw badRequest('NO_FILE', 'Choose a file to upload.');
      const data = await part.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
        }
        throw err;
      });
      return app.entries.storeEntryFile(customerId, {
        orderItemId: headers.data.orderitemid,
        uploadType: headers.data.uploadtypeid,
        fileName: part.filename,
        data,
      });
    },
  );
};
