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
  fetch?: typeof fetch;
}

const GuidSchema = z.object({ guid: z.string().uuid() });
const VideoSchema = z.object({ storageSize: z.number().int().nonnegative() });

/**
 * Bunny Stream (spec 7's video host), through its documented HTTP API: collections and videos
 * are made with the library's AccessKey, the browser uploads over Bunny's tus endpoint with a
 * signature we make, and playback is Bunny's embed page.
 */
export function createBunnyVideoHost(options: BunnyOptions): VideoHost {
  const http = options.fetch ?? fetch;
  const base = `${options.apiUrl.replace(/\/$/, '')}/library/${encodeURIComponent(options.libraryId)}`;
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
    embedUrl(videoId) {
      return `${options.embedUrl.replace(/\/$/, '')}/${encodeURIComponent(options.libraryId)}/${encodeURIComponent(videoId)}`;
    },
  };
}
