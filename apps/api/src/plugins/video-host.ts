import { createHmac } from 'node:crypto';
import fp from 'fastify-plugin';
import { createBunnyVideoHost } from '../providers/video/bunny-video-host.ts';
import { createBuiltinVideoHost, TUS_PATH, type VideoHost } from '../providers/video/video-host.ts';

declare module 'fastify' {
  interface FastifyInstance {
    videoHost: VideoHost;
  }
}

interface VideoHostOptions {
  /** Replaces the configured host (tests). */
  videoHost?: VideoHost | undefined;
}

/** Bunny Stream when its library and key are configured; our own tus endpoint otherwise. */
export default fp<VideoHostOptions>(
  async (app, options) => {
    const { config } = app;
    const host =
      options.videoHost ??
      (config.BUNNY_LIBRARY_ID && config.BUNNY_ACCESS_KEY
        ? createBunnyVideoHost({
            libraryId: config.BUNNY_LIBRARY_ID,
            accessKey: config.BUNNY_ACCESS_KEY,
            apiUrl: config.BUNNY_API_URL,
            embedUrl: config.BUNNY_EMBED_URL,
            cdnHostname: config.BUNNY_CDN_HOSTNAME,
            embedTokenKey: config.BUNNY_EMBED_TOKEN_KEY,
          })
        : createBuiltinVideoHost({
            libraryId: 'local',
            // A key of its own, derived from the server secret, so it rotates with it.
            signingKey: createHmac('sha256', app.authSecret)
              .update('video-upload-signing-key')
              .digest('hex'),
            tusPath: TUS_PATH,
          }));
    app.decorate('videoHost', host);
  },
  { name: 'video-host', dependencies: ['core'] },
);
