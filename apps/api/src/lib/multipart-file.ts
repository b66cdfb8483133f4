import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/**
 * The one file of a multipart upload (field `file`, spec 7), read into memory within the
 * limit the route's multipart plugin was registered with; over it, 413 with `tooLargeMessage`.
 */
export async function readOneFile(
  req: FastifyRequest,
  tooLargeMessage: string,
): Promise<{ fileName: string; data: Buffer }> {
  if (!req.isMultipart()) {
    throw badRequest('NOT_MULTIPART', 'Send the file as multipart form data in the field "file".');
  }
  const part = await req.file();
  if (!part || part.fieldname !== 'file') throw badRequest('NO_FILE', 'Choose a file to upload.');
  const data = await part.toBuffer().catch((err: unknown) => {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'FILE_TOO_LARGE', tooLargeMessage);
    }
    throw err;
  });
  return { fileName: part.filename, data };
}
