import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadsApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';
import { FileNotFoundError } from '../../providers/storage/file-storage.ts';
import { notFound } from '../../lib/errors.ts';

/** Serves pictures behind signed links, so that an <img> needs no token (lib/signed-links.ts). */
export const picturesRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, uploadsApi.picture, async (req, reply) => {
    try {
      const { stream, size } = await app.pictures.openPicture(
        req.params.fileId,
        req.query.expires,
        req.query.signature,
      );
      const maxAge = Math.max(0, req.query.expires - Math.floor(Date.now() / 1000));
      return reply
        .type('image/jpeg')
        .header('content-length', size)
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .send(stream);
    } catch (err) {
      if (err instanceof FileNotFoundError)
        throw notFound('FILE_NOT_FOUND', 'This file no longer exists.');
      throw err;
    }
  });
};
