import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_EXISTS, IdSchema, FILE_TEXT, uploadsApi } from '@eisteddfod/shared';
import { badRequest } from '../../lib/errors.ts';
import { readOneFile } from '../../lib/multipart-file.ts';
import { callerOf } from '../../plugins/access.ts';
import { serve, type EndpointHandler } from '../../plugins/endpoints.ts';
import { requireWithinLimit } from '../../providers/rate-limit/rate-limiter.ts';

/** Spec 7: the headers are text, and '0' means "none". */
const idHeader = z
  .union([z.literal('0'), IdSchema])
  .optional()
  .transform((v) => (v === undefined || v === '0' ? undefined : Number(v)));
const UploadHeadersSchema = z.object({
  orderid: idHeader,
  orderitemid: idHeader,
  participantid: idHeader,
  uploadtypeid: z.enum(['2', '3']).optional(),
});

/**
 * POST /api/Uploads/UploadFiles (an existing contestant's picture, or with an orderItemId header
 * an uploads-portal document) and /api/Uploads/NewUploadFiles (a picture for a contestant not
 * yet created): multipart, one file in the field `file`. Each service checks its own size limit.
 */
export const pictureUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = Math.max(app.config.PICTURE_MAX_MB, app.config.DOCUMENT_MAX_MB) * 1024 * 1024;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10 } });

  const upload: EndpointHandler<typeof uploadsApi.uploadPicture> = async (req) => {
    const { customerId } = callerOf(req);
    await requireWithinLimit(
      app.rateLimiter,
      `pictures:customer:${customerId}`,
      30,
      60 * 60_000,
      'You have uploaded many pictures in the last hour. Please try again later.',
    );
    const headers = UploadHeadersSchema.safeParse(req.headers);
    if (!headers.success) {
      throw badRequest(
        'VALIDATION_ERROR',
        'The headers orderId, orderItemId and participantId must be numbers.',
      );
    }
    const orderItemId = headers.data.orderitemid;
    const participantId = headers.data.participantid;
    if (participantId !== undefined)
      await app.contestants.requireOwnContestant(customerId, participantId);
    const { fileName, data } = await readOneFile(req, FILE_TEXT.say('tooLarge'));
    if (orderItemId !== undefined) {
      // Spec 7 also names this call for uploads-portal documents: the entry's rules apply.
      return app.entryFiles.storeEntryFile(customerId, {
        orderItemId,
        uploadType: headers.data.uploadtypeid === '2' ? 2 : 3,
        fileName,
        data,
      });
    }
    const stored = await app.pictures.storePicture({
      customerId,
      ...(participantId === undefined ? {} : { profileId: participantId }),
      fileName,
      data,
    });
    if (stored.duplicate) return { name: FILE_EXISTS, fileUrl: '' };
    return { name: stored.file.id, fileUrl: app.pictures.linkFor(stored.file) ?? '' };
  };
  serve(app, uploadsApi.uploadPicture, upload);
  serve(app, uploadsApi.uploadNewPicture, upload);
};
