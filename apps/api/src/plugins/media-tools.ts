import fp from 'fastify-plugin';
import { createMediaTools, type MediaTools } from '../providers/media/ffmpeg.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** ffprobe and ffmpeg, for processing recordings (decision 025). */
    mediaTools: MediaTools;
  }
}

/** The machine's ffmpeg; its absence is said once at start, and recordings go 'unchecked'. */
export default fp(
  async (app) => {
    const tools = createMediaTools({
      ffmpeg: app.config.FFMPEG_PATH,
      ffprobe: app.config.FFPROBE_PATH,
    });
    app.decorate('mediaTools', tools);
    app.addHook('onReady', async () => {
      if (!(await tools.available())) {
        app.log.warn(
          { ffmpeg: app.config.FFMPEG_PATH, ffprobe: app.config.FFPROBE_PATH },
          'ffmpeg was not found: recordings are kept as uploaded, unchecked and not made playable (apt-get install ffmpeg)',
        );
      }
    });
  },
  { name: 'media-tools', dependencies: ['core'] },
);
