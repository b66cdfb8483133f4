import type { FastifyRequest } from 'fastify';
import { hasControlCharacters, VALIDATION_TEXT, type Said } from '@eisteddfod/shared';
import { AppError, badRequest } from './errors.ts';

/**
 * The one file of a multipart upload (field `file`, spec 7), read into memory within the
 * limit the route's multipart plugin was registered with; over it, 413 with `tooLargeMessage`.
 * Reading touches nothing but the request, so any other failure (no boundary, a body cut short,
 * malformed part headers) is the caller's: 400, never a 500.
 */
export async function readOneFile(
  req: FastifyRequest,
  tooLargeMessage: string | Said,
): Promise<{ fileName: string; data: Buffer }> {
  if (!req.isMultipart()) {
    throw badRequest('NOT_MULTIPART', 'Send the file as multipart form data in the field "file".');
  }
  const malformed = (err: unknown) => {
    if (err instanceof AppError) return err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      return new AppError(413, 'FILE_TOO_LARGE', tooLargeMessage);
    }
    // @fastify/multipart's own limits carry their status (413 for too many files, say).
    const status = (err as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) return err;
    return badRequest('MALFORMED_UPLOAD', 'The upload could not be read. Please try again.');
  };
  const part = await req.file().catch((err: unknown) => {
    throw malformed(err);
  });
  if (!part || part.fieldname !== 'file') throw badRequest('NO_FILE', 'Choose a file to upload.');
  const data = await part.toBuffer().catch((err: unknown) => {
    throw malformed(err);
  });
  // The name is stored as text: the same rule as every text field of a request (text()).
  if (hasControlCharacters(part.filename)) {
    throw badRequest('VALIDATION_ERROR', VALIDATION_TEXT.say('fileName'));
  }
  return { fileName: part.filename, data };
}
