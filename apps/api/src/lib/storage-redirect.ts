import type { FastifyReply } from 'fastify';
import type { DownloadSettings, FileStorage } from '../providers/storage/file-storage.ts';

/**
 * How long a pre-signed link lives at most, whatever the API link it came from allows: a file
 * deleted since can be fetched until then. A document or certificate is fetched at once; a
 * recording is streamed in ranges while it plays, for as long as someone watches.
 */
export const PRESIGNED_SECONDS = { file: 15 * 60, recording: 60 * 60 };

/**
 * Sends a stored file's reader to the storage itself when it can serve the file (S3's pre-signed
 * GET): a 302 to a short-lived link, so a family's video or certificate never passes through an
 * API instance. Answers false when the storage has no such links (disk), and the route streams
 * the file itself.
 */
export async function redirectToStorage(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  download: DownloadSettings,
): Promise<boolean> {
  if (!storage.downloadUrl) return false;
  const url = await storage.downloadUrl(key, download);
  await reply.header('cache-control', 'private, no-store').redirect(url, 302);
  return true;
}
