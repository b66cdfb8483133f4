import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, FILE_EXISTS, IdSchema, UploadResponseSchema } from '@eisteddfod/shared';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { requireSession } from '../../plugins/auth.ts';

/** Spec 7: the headers are text, and '0' means "none". */
const idHeader = z
  .union([z.literal('0'), IdSchema])
  .optional()
  .transform((v) => (v === undefined || v === '0' ? undefined : Number(v)));
const UploadHeadersSchema = z.object({
  orderid: idHeader,
  orderitemid: idHeader,
  participantid: idHeader,
});

/**
 * POST /api/Uploads/UploadFiles (an existing contestant's picture) and /api/Uploads/NewUploadFiles
 * (a picture for a contestant not yet created): multipart, one file in the field `file`.
 */
export const pictureUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.PICTURE_MAX_MB * 1024 * 1024;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10 } });

  const schema = {
    tags: ['Files'],
    summary:
      'Upload a profile picture (multipart field "file"; headers orderId, orderItemId, participantId, "0" for none)',
    response: {
      200: UploadResponseSchema,
      400: ApiErrorSchema,
      401: ApiErrorSchema,
      404: ApiErrorSchema,
      413: ApiErrorSchema,
      415: ApiErrorSchema,
    },
  };

  for (const path of ['/api/Uploads/UploadFiles', '/api/Uploads/NewUploadFiles']) {
    app.post(path, { schema }, async (req) => {
      const { customerId } = await requireSession(app.tokens, req);
      const limit = await app.rateLimiter.hit(`pictures:customer:${customerId}`, 30, 60 * 60_000);
      if (!limit.allowed) {
        throw new AppError(
          429,
          'RATE_LIMITED',
          'You have uploaded many pictures in the last hour. Please try again later.',
          Math.ceil(limit.retryAfterMs / 1000),
        );
      }
      const headers = UploadHeadersSchema.safeParse(req.headers);
      if (!headers.success) {
        throw badRequest(
          'VALIDATION_ERROR',
          'The headers orderId, orderItemId and participantId must be numbers.',
        );
      }
      if (headers.data.orderitemid) {
        // Entry documents arrive with the uploads portal; until then no entry can take a file.
        throw notFound('ORDER_ITEM_NOT_FOUND', 'There is no paid entry to attach this file to.');
      }
      const participantId = headers.data.participantid;
      if (participantId !== undefined)
        await app.contestants.requireOwnContestant(customerId, participantId);
      if (!req.isMultipart())
        throw badRequest(
          'NOT_MULTIPART',
          'Send the file as multipart form data in the field "file".',
        );
      const part = await req.file();
      if (!part || part.fieldname !== 'file')
        throw badRequest('NO_FILE', 'Choose a file to upload.');
      const data = await part.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(
            413,
            'FILE_TOO_LARGE',
            'The selected file exceeds the maximum allowed size. Please choose a smaller file.',
          );
        }
        throw err;
      });
      const stored = await app.pictures.storePicture({
        customerId,
        ...(participantId === undefined ? {} : { profileId: participantId }),
        fileName: part.filename,
        data,
      });
      if (stored.duplicate) return { name: FILE_EXISTS, fileUrl: '' };
      return { name: stored.file.id, fileUrl: app.pictures.linkFor(stored.file) ?? '' };
    });
  }
};
