import fp from 'fastify-plugin';
import { createSignedLinks } from '../../lib/signed-links.ts';
import { picturesRoutes } from './pictures.routes.ts';
import { pictureUploadsRoutes } from './picture-uploads.routes.ts';
import { createPicturesService, type PicturesService } from './pictures.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pictures: PicturesService;
  }
}

/** How long a link to a profile picture stays valid. */
const PICTURE_LINK_TTL_SECONDS = 3600;

/** Contestants' profile pictures (decision 005). */
export default fp(
  async (app) => {
    app.decorate(
      'pictures',
      createPicturesService({
        db: app.db,
        storage: app.storage,
        links: createSignedLinks(app.authSecret, PICTURE_LINK_TTL_SECONDS, app.now),
        maxBytes: app.config.PICTURE_MAX_MB * 1024 * 1024,
        now: app.now,
      }),
    );
    await app.register(pictureUploadsRoutes);
    await app.register(picturesRoutes);
  },
  { name: 'pictures', dependencies: ['core', 'storage', 'rate-limiter'] },
);
