import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.ts';
import { createDiskStorage } from '../providers/storage/disk-storage.ts';
import type { FileStorage } from '../providers/storage/file-storage.ts';
import { s3SettingsFrom } from '../providers/storage/s3-client.ts';
import { createS3Storage } from '../providers/storage/s3-storage.ts';

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

/**
 * The disk under DATA_DIR, or one S3 bucket (STORAGE_DRIVER=s3) for both kinds of file, laid out
 * as DATA_DIR is under S3_PREFIX (providers/storage/s3-client.ts).
 */
function storageFrom(config: Config, folder: 'files' | 'videos'): FileStorage {
  if (config.STORAGE_DRIVER === 's3') return createS3Storage(s3SettingsFrom(config, folder));
  return createDiskStorage(path.join(config.DATA_DIR, folder));
}

export default fp<StorageOptions>(
  async (app, options) => {
    app.decorate('storage', options.storage ?? storageFrom(app.config, 'files'));
    app.decorate('videoFiles', storageFrom(app.config, 'videos'));
  },
  { name: 'storage', dependencies: ['core'] },
);
