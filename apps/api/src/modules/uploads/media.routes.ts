import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIO_EXTENSIONS, extensionOf, hasExtensionIn, IdSchema, text } from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { PRESIGNED_SECONDS, redirectToStorage } from '../../lib/storage-redirect.ts';
import { contentTypeForExtension, opensInBrowser } from '../../lib/file-content.ts';
import { FileNotFoundError } from '../../providers/storage/file-storage.ts';
import { parseByteRange } from './byte-range.ts';
import * as repo from './entry-files.repository.ts';
import {
  mediaFileId,
  posterFileId,
  posterLink,
  servedFileName,
  thumbnailFileId,
  type MediaAudience,
} from '../entries/index.ts';

const SignedQuerySchema = z.object({
  expires: z.coerce.number().int(),
  signature: text().max(64),
  /** A link made for blind marking (media-links.ts); it is part of what was signed. */
  blind: z.literal('1').optional(),
});
const linkGone = () =>
  notFound('FILE_NOT_FOUND', 'This link has expired or the file no longer exists.');
const notReady = () =>
  notFound('FILE_NOT_FOUND', 'This file is still being processed, or it could not be read.');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The player page a video link opens (our own host's stand-in for Bunny's embed page). */
function playerPage(
  title: string,
  source: string,
  isAudio: boolean,
  poster: string | null,
): string {
  const src = source.replaceAll('&', '&amp;');
  const posterAttribute = poster ? ` poster="${poster.replaceAll('&', '&amp;')}"` : '';
  const media = isAudio
    ? `<audio controls preload="metadata" src="${src}"></audio>`
    : `<video controls playsinline preload="metadata"${posterAttribute} src="${src}"></video>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; background: #111; color: #f4f4f4; font: 16px/1.5 system-ui, sans-serif; }
  main { max-width: 960px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 1.1rem; font-weight: 600; word-break: break-all; }
  video, audio { width: 100%; max-height: 80vh; background: #000; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${media}
</main>
</body>
</html>`;
}

type SignedQuery = z.infer<typeof SignedQuerySchema>;

async function signedUpload(app: FastifyInstance, id: number, query: SignedQuery) {
  const audience: MediaAudience = query.blind ? 'blind' : 'owner';
  if (!app.signedLinks.verify(mediaFileId(id, audience), query.expires, query.signature)) {
    throw linkGone();
  }
  const upload = await repo.findUploadById(app.db, id);
  if (!upload || upload.isDeleted) throw linkGone();
  return { upload, audience, name: servedFileName(upload, audience) };
}

/**
 * What a link serves (decision 025): the owner gets the original as it was sent; a blind
 * adjudicator only the processed copy (the rendition, or the file without metadata), or the
 * original when processing found nothing to change or cannot run (no ffmpeg), never a file
 * still in processing or one that could not be read.
 */
function servedFile(app: FastifyInstance, upload: repo.UploadRow, audience: MediaAudience) {
  const original = {
    store: upload.videoId ? app.videoFiles : app.storage,
    key: upload.storageKey,
    extension: extensionOf(upload.originalFileName),
  };
  if (audience === 'owner') return original;
  if (upload.servedKey) {
    return {
      store: app.storage,
      key: upload.servedKey,
      extension: upload.servedFileExtension ?? original.extension,
    };
  }
  if (upload.processingState === 'ready' || upload.processingState === 'unchecked') {
    return original;
  }
  throw notReady();
}

/** GET /media/uploads/:id: the file a signed link names, or the byte range asked for. */
async function sendUpload(
  app: FastifyInstance,
  id: number,
  query: SignedQuery,
  rangeHeader: string | undefined,
  reply: FastifyReply,
) {
  const { upload, audience, name } = await signedUpload(app, id, query);
  const { store, key, extension } = servedFile(app, upload, audience);
  const secondsLeft = Math.max(0, query.expires - Math.floor(app.now() / 1000));
  const download = {
    fileName: name,
    contentType: contentTypeForExtension(extension),
    inline: opensInBrowser(extension),
    expiresInSeconds: Math.min(
      secondsLeft,
      upload.isVideo ? PRESIGNED_SECONDS.recording : PRESIGNED_SECONDS.file,
    ),
  };
  if (await redirectToStorage(reply, store, key, download)) return reply;
  try {
    const whole = await store.read(key, { start: 0, end: 0 });
    whole.stream.destroy();
    const range = parseByteRange(rangeHeader, whole.size);
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${whole.size}`).send();
    }
    const { stream } = await store.read(
      key,
      range ?? { start: 0, end: Math.max(0, whole.size - 1) },
    );
    reply
      .type(download.contentType)
      .header('accept-ranges', 'bytes')
      .header('cache-control', `private, max-age=${secondsLeft}`)
      .header(
        'content-disposition',
        `${download.inline ? 'inline' : 'attachment'}; filename="${name.replace(/"/g, '')}"`,
      );
    if (range) {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${whole.size}`)
        .header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', whole.size);
    }
    return reply.send(stream);
  } catch (err) {
    if (err instanceof FileNotFoundError) throw linkGone();
    throw err;
  }
}

/** GET /media/play/:id: the player page of the recording a signed link names. */
async function sendPlayer(
  app: FastifyInstance,
  id: number,
  query: SignedQuery,
  reply: FastifyReply,
) {
  const { upload, audience, name } = await signedUpload(app, id, query);
  const blind = audience === 'blind' ? 'blind=1&' : '';
  const source = `/media/uploads/${upload.id}?${blind}expires=${query.expires}&signature=${encodeURIComponent(query.signature)}`;
  const isAudio =
    hasExtensionIn(AUDIO_EXTENSIONS, upload.originalFileName) ||
    upload.servedFileExtension === 'm4a';
  const poster = upload.posterKey ? posterLink(app.signedLinks, upload.id) : null;
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .send(playerPage(name, source, isAudio, poster));
}

/** A poster or thumbnail (a small JPEG we made) from the files store, until its link expires. */
async function sendJpeg(
  app: FastifyInstance,
  reply: FastifyReply,
  key: string | null,
  expires: number,
) {
  if (!key) throw linkGone();
  try {
    const { stream, size } = await app.storage.read(key);
    const secondsLeft = Math.max(0, expires - Math.floor(app.now() / 1000));
    return reply
      .type('image/jpeg')
      .header('content-length', size)
      .header('cache-control', `private, max-age=${secondsLeft}`)
      .send(stream);
  } catch (err) {
    if (err instanceof FileNotFoundError) throw linkGone();
    throw err;
  }
}

/** A poster's or thumbnail's JPEG, when `fileId` of the upload is what the link signed. */
async function sendSignedJpeg(
  app: FastifyInstance,
  id: number,
  query: Omit<SignedQuery, 'blind'>,
  which: { fileId: string; key: 'posterKey' | 'thumbnailKey' },
  reply: FastifyReply,
) {
  if (!app.signedLinks.verify(which.fileId, query.expires, query.signature)) {
    throw linkGone();
  }
  const upload = await repo.findUploadById(app.db, id);
  if (!upload || upload.isDeleted) throw linkGone();
  return sendJpeg(app, reply, upload[which.key], query.expires);
}

/**
 * Entry files behind signed links (lib/signed-links.ts): only the owner is handed one, so a
 * new tab can open it without a token. Files stream with HTTP range requests, so a video
 * starts at once and seeks anywhere without downloading the whole file.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ id: IdSchema });

  app.get(
    '/media/uploads/:id',
    {
      config: { access: 'signed' },
      schema: {
        tags: ['Uploads portal'],
        summary: 'An entry file through a signed link; honours Range',
        params,
        querystring: SignedQuerySchema,
      },
    },
    (req, reply) => sendUpload(app, req.params.id, req.query, req.headers.range, reply),
  );

  app.get(
    '/media/play/:id',
    {
      config: { access: 'signed' },
      schema: {
        tags: ['Uploads portal'],
        summary: 'A page that plays an entry video through a signed link',
        params,
        querystring: SignedQuerySchema,
      },
    },
    (req, reply) => sendPlayer(app, req.params.id, req.query, reply),
  );

  app.get(
    '/media/posters/:id',
    {
      config: { access: 'signed' },
      schema: {
        tags: ['Uploads portal'],
        summary: "A frame of an entry video's rendition, through a signed link",
        params,
        querystring: SignedQuerySchema.omit({ blind: true }),
      },
    },
    (req, reply) =>
      sendSignedJpeg(
        app,
        req.params.id,
        req.query,
        { fileId: posterFileId(req.params.id), key: 'posterKey' },
        reply,
      ),
  );

  app.get(
    '/media/thumbnails/:id',
    {
      config: { access: 'signed' },
      schema: {
        tags: ['Uploads portal'],
        summary: "A small thumbnail of an entry image, through its family's signed link",
        params,
        querystring: SignedQuerySchema.omit({ blind: true }),
      },
    },
    (req, reply) =>
      sendSignedJpeg(
        app,
        req.params.id,
        req.query,
        { fileId: thumbnailFileId(req.params.id), key: 'thumbnailKey' },
        reply,
      ),
  );
};
