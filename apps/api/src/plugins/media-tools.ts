import fp from 'fastify-plugin';
import { createMediaTools, type MediaTools } from '../providers/media/ffmpeg.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** ffprobe and ffmpeg, for processing recordings (decision 025). */
    mediaTools: MediaTools;
  }
}

/**
 * The machine's ffmpeg. Without it recordings go 'unchecked' (served as uploaded, metadata and
 * all): a local run says so and goes on; a production server refuses to start, unless Bunny
 * Stream processes the videos or ALLOW_UNCHECKED_RECORDINGS says it may (fail closed).
 */
export default fp(
  async (app) => {
    const tools = createMediaTools({
      ffmpeg: app.config.FFMPEG_PATH,
      ffprobe: app.config.FFPROBE_PATH,
    });
    app.decorate('mediaTools', tools);
    app.addHook('onReady', async () => {
      if (await tools.available()) return;
      const { config } = app;
      if (
        config.isProduction &&
        app.videoHost.kind === 'builtin' &&
        !config.ALLOW_UNCHECKED_RECORDINGS
      ) {
        throw new Error(
          `ffmpeg was not found (FFMPEG_PATH=${config.FFMPEG_PATH}, FFPROBE_PATH=${config.FFPROBE_PATH}): ` +
            'recordings would reach adjudicators unchecked and with their metadata. Install Debian’s ffmpeg, ' +
            'or set ALLOW_UNCHECKED_RECORDINGS=true to run without it.',
        );
      }
      app.log.warn(
        { ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH },
        'ffmpeg was not found: recordings are kept as uploaded, unchecked and not made playable (apt-get install ffmpeg)',
      );
    });
  },
  { name: 'media-tools', dependencies: ['core', 'video-host'] },
);
