import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { VideoHost } from './video-host.ts';

export interface BunnyOptions {
  libraryId: string;
  /** The library's Stream API key: signs uploads and authorises API calls. */
  accessKey: string;
  /** https://video.bunnycdn.com (a stand-in in tests). */
  apiUrl: string;
  /** https://iframe.mediadelivery.net/embed */
  embedUrl: string;
  /** The library's pull zone host, where thumbnails are (vz-….b-cdn.net); optional. */
  cdnHostname?: string | undefined;
  /** The library's embed view token authentication key; without it nothing is signed. */
  embedTokenKey?: string | undefined;
  fetch?: typeof fetch;
}

const GuidSchema = z.object({ guid: z.string().uuid() });
const VideoSchema = z.object({ storageSize: z.number().int().nonnegative() });
const VideoStateSchema = z.object({
  status: z.number().int(),
  length: z.number().nonnegative().default(0),
  width: z.number().int().nullable().default(null),
  height: z.number().int().nullable().default(null),
});

/**
 * Bunny's video status codes (its API's VideoModel): 4 finished, 7 and 8 playable through its
 * just-in-time packaging; 5 an encoding error, 6 a failed upload; the rest still at work.
 */
const BUNNY_READY = new Set([4, 7, 8]);
const BUNNY_FAILED = new Map([
  [5, 'Bunny Stream could not encode this video'],
  [6, 'the upload to Bunny Stream failed'],
]);

/**
 * Bunny Stream (spec 7's video host), through its documented HTTP API: collections and videos
 * are made with the library's AccessKey, the browser uploads over Bunny's tus endpoint with a
 * signature we make, and playback is Bunny's embed page.
 */
export function createBunnyVideoHost(options: BunnyOptions): VideoHost {
  const http = options.fetch ?? fetch;
  const base = `${options.apiUrl.replace(/\/$/, '')}/library/${encodeURIComponent(options.libraryId)}`;
  const embedUrl = (videoId: string) =>
    `${options.embedUrl.replace(/\/$/, '')}/${encodeURIComponent(options.libraryId)}/${encodeURIComponent(videoId)}`;
  async function call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown) {
    const res = await http(`${base}${path}`, {
      method,
      headers: {
        AccessKey: options.accessKey,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`Bunny Stream ${method} ${path} answered ${res.status}`);
    return schema.parse(await res.json());
  }
  return {
    kind: 'bunny',
    libraryId: options.libraryId,
    tusEndpoint: `${options.apiUrl.replace(/\/$/, '')}/tusupload`,
    signingKey: options.accessKey,
    async createCollection(name) {
      return (await call('POST', '/collections', GuidSchema, { name })).guid;
    },
    async createVideo(collectionId, title) {
      return (await call('POST', '/videos', GuidSchema, { title, collectionId })).guid;
    },
    async setTitle(videoId, title) {
      // Bunny's "update video" is a POST to the video itself.
      await call('POST', `/videos/${encodeURIComponent(videoId)}`, z.unknown(), { title });
    },
    async storedSize(videoId) {
      return (await call('GET', `/videos/${encodeURIComponent(videoId)}`, VideoSchema)).storageSize;
    },
    async deleteVideo(videoId) {
      const path = `/videos/${encodeURIComponent(videoId)}`;
      const res = await http(`${base}${path}`, {
        method: 'DELETE',
        headers: { AccessKey: options.accessKey, accept: 'application/json' },
        signal: AbortSignal.timeout(15_000),
      });
      // Gone already (a retry after a lost answer, a video never uploaded) is what was asked.
      if (!res.ok && res.status !== 404) {
        throw new Error(`Bunny Stream DELETE ${path} answered ${res.status}`);
      }
    },
    async describeVideo(videoId) {
      const video = await call('GET', `/videos/${encodeURIComponent(videoId)}`, VideoStateSchema);
      const failed = BUNNY_FAILED.get(video.status);
      if (failed) return { state: 'failed', reason: failed };
      if (!BUNNY_READY.has(video.status)) return { state: 'processing' };
      return {
        state: 'ready',
        durationSeconds: video.length,
        width: video.width,
        height: video.height,
      };
    },
    posterUrl(videoId) {
      return options.cdnHostname
        ? `https://${options.cdnHostname}/${encodeURIComponent(videoId)}/thumbnail.jpg`
        : undefined;
    },
    embedUrl,
    // Bunny's embed view token authentication: token = SHA256_HEX(key + video id + expires).
    publicEmbedUrl(videoId, expires) {
      if (!options.embedTokenKey) return undefined;
      const token = createHash('sha256')
        .update(`${options.embedTokenKey}${videoId}${expires}`)
        .digest('hex');
      return `${embedUrl(videoId)}?token=${token}&expires=${expires}`;
    },
  };
}
