import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import {
  assertSafeKey,
  FileNotFoundError,
  type DownloadSettings,
  type FileStorage,
  type StoredObject,
} from './file-storage.ts';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createS3Client, type S3Settings } from './s3-client.ts';

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Any S3-compatible bucket (AWS, MinIO, Cloudflare R2, …). */
export function createS3Storage(settings: S3Settings): FileStorage {
  // The client puts the settings' prefix before every key (s3-client.ts).
  const client = createS3Client(settings);
  // Links are signed for the address browsers use, which may differ from the API's own.
  const presigner = settings.publicEndpoint
    ? createS3Client({ ...settings, endpoint: settings.publicEndpoint })
    : client;
  const Bucket = settings.bucket;
  const safeKey = (key: string) => {
    assertSafeKey(key);
    return key;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: safeKey(key), Body: body, ContentType: contentType }),
      );
    },
    async putFile(key, file, contentType) {
      // A stream with its length is one PutObject (up to 5 GB), read from disk as it is sent.
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: safeKey(key),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async read(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: safeKey(key),
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
        await client.send(new HeadObjectCommand({ Bucket, Key: safeKey(key) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: safeKey(key) }));
    },
    list: (prefix) => listObjects(client, settings, prefix),
    downloadUrl: (key, download) => signedDownloadUrl(presigner, Bucket, key, download),
    async check(signal) {
      await client.send(new HeadBucketCommand({ Bucket }), signal ? { abortSignal: signal } : {});
    },
  };
}

/** Every object under `prefix`, page by page, other stores' files below this one's left out. */
async function* listObjects(
  client: S3Client,
  settings: S3Settings,
  prefix: string | undefined,
): AsyncIterable<StoredObject> {
  const Bucket = settings.bucket;
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket,
        ContinuationToken,
        ...(prefix ? { Prefix: prefix } : {}),
      }),
    );
    for (const object of page.Contents ?? []) {
      const key = object.Key;
      // Another store's files below this one's prefix (the videos under the files').
      if (!key || settings.listExcludes?.some((p) => key.startsWith(p))) continue;
      yield { key, size: object.Size ?? 0 };
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

/** A link that downloads (or shows) the object for a while, signed for browsers' address. */
async function signedDownloadUrl(
  presigner: S3Client,
  Bucket: string,
  key: string,
  download: DownloadSettings,
): Promise<string> {
  assertSafeKey(key);
  const disposition = download.inline ? 'inline' : 'attachment';
  const name = download.fileName.replace(/["\\\r\n]/g, '');
  return getSignedUrl(
    presigner,
    new GetObjectCommand({
      Bucket,
      Key: key,
      ResponseContentType: download.contentType,
      ResponseContentDisposition: `${disposition}; filename="${name}"`,
      ResponseCacheControl: 'private, no-store',
    }),
    // S3 refuses a signature valid for longer than seven days.
    { expiresIn: Math.min(Math.max(1, download.expiresInSeconds), 7 * 24 * 3600) },
  );
}
