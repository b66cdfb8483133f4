import fp from 'fastify-plugin';
import { storageFrom } from '../providers/storage/configured-storage.ts';
import type { FileStorage } from '../providers/storage/file-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pictures, entry documents and certificates. */
    storage: FileStorage;
    /** Where finished tus uploads are read from (the tus store's folder or bucket). */
    videoFiles: FileStorage;
  }
}

interface StorageOptions {
  /** Replaces the configured storage (tests). */
  storage?: FileStorage | undefined;
}

export default fp<StorageOptions>(
  async (app, options) => {
    app.decorate('storage', options.storage ?? storageFrom(app.config, 'files'));
    app.decorate('videoFiles', storageFrom(app.config, 'videos'));
  },
  { name: 'storage', dependencies: ['core'] },
);
