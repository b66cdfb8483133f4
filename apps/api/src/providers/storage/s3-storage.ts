import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config/env.ts';
import { assertSafeKey, FileNotFoundError, type FileStorage } from './file-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle?: boolean;
  /** Prefix for every key, so that one bucket can serve several environments. */
  prefix?: string;
}

/** The S3 settings of the configuration, in one place (storage, video files and the tus store). */
export function s3SettingsFrom(
  config: Pick<
    Config,
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_PREFIX'
  >,
  folder: 'files' | 'videos',
): S3StorageOptions {
  return {
    bucket: config.S3_BUCKET ?? '',
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    // A tus upload's id is its whole key, prefix included (tus-server.ts), so the video files
    // are read by their ids as they are.
    prefix: folder === 'files' ? (config.S3_PREFIX ?? '') : '',
  };
}

/** The client settings of an S3Client (and of @tus/s3-store) for those settings. */
export function s3ClientConfigOf(options: S3StorageOptions): S3ClientConfig {
  return {
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  };
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Any S3-compatible bucket (AWS, MinIO, Cloudflare R2, …). */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client(s3ClientConfigOf(options));
  const Bucket = options.bucket;
  const fullKey = (key: string) => {
    assertSafeKey(key);
    return `${options.prefix ?? ''}${key}`;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: fullKey(key), Body: body, ContentType: contentType }),
      );
    },
    async read(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: fullKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        // With a range, the whole size is the part after the slash of Content-Range.
        const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : undefined;
        return {
          stream: out.Body as Readable,
          size: total ?? out.ContentLength ?? 0,
          contentType: out.ContentType,
        };
      } catch (err) {
        if (isMissing(err)) throw new FileNotFoundError(key);
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: fullKey(key) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: fullKey(key) }));
    },
  };
}
