import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { s3SettingsFrom } from './s3-client.ts';
import { createS3Storage } from './s3-storage.ts';

type StorageConfig = Pick<Config, 'STORAGE_DRIVER' | 'DATA_DIR'> &
  Parameters<typeof s3SettingsFrom>[0];

/**
 * The disk under DATA_DIR, or one S3 bucket (STORAGE_DRIVER=s3) for both kinds of file, laid out
 * as DATA_DIR is under S3_PREFIX (s3-client.ts): the server's stores, and the commands' (backup,
 * restore, the storage check, the move to PostgreSQL).
 */
export function storageFrom(config: StorageConfig, folder: 'files' | 'videos'): FileStorage {
  if (config.STORAGE_DRIVER === 's3') return createS3Storage(s3SettingsFrom(config, folder));
  return createDiskStorage(path.join(config.DATA_DIR, folder));
}
