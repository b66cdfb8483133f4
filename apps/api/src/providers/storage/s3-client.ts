import { S3 } from '@aws-sdk/client-s3';
import type { Config } from '../../config/env.ts';

/** One kind of file's place in an S3-compatible bucket (AWS, MinIO, Cloudflare R2, …). */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** The address browsers reach the bucket at, for pre-signed links (default: `endpoint`). */
  publicEndpoint?: string | undefined;
  /** Path-style URLs; by default when an endpoint is set (MinIO, R2, s3rver). */
  forcePathStyle?: boolean;
  /** Put before every key the client sends, and taken off every key it is answered with. */
  prefix?: string;
  /** Keys below the prefix that belong to another store, left out of listings. */
  listExcludes?: string[];
}

type S3Config = Pick<
  Config,
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_PREFIX'
  | 'S3_PUBLIC_ENDPOINT'
>;

/**
 * The S3 settings of the configuration, in one place: the files storage, the video files and the
 * tus store all come from here. The bucket's layout follows DATA_DIR's on disk, under S3_PREFIX
 * (so that environments can share a bucket): pictures, entry documents and certificates at
 * `${S3_PREFIX}${key}` (`pictures/12/….jpg`), videos at `${S3_PREFIX}videos/${tus upload id}`
 * with the tus store's `.info` and `.part` objects beside them.
 */
export function s3SettingsFrom(config: S3Config, kind: 'files' | 'videos'): S3Settings {
  return {
    bucket: config.S3_BUCKET ?? '',
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    prefix: kind === 'videos' ? `${config.S3_PREFIX}videos/` : config.S3_PREFIX,
    // The videos live under the files' prefix: listing the files must not name them too.
    ...(kind === 'files' ? { listExcludes: ['videos/'] } : {}),
  };
}

/**
 * The origin pre-signed downloads come from, which the Content-Security-Policy must allow for
 * media and images: the public endpoint, the endpoint, or AWS's address for the bucket.
 */
export function s3DownloadOrigin(config: S3Config): string {
  const endpoint = config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT;
  if (endpoint) return new URL(endpoint).origin;
  // The SDK signs a bucket whose name has dots path-style (a virtual host would break TLS).
  const bucket = config.S3_BUCKET ?? '';
  if (bucket.includes('.')) return `https://s3.${config.S3_REGION}.amazonaws.com`;
  return `https://${bucket}.s3.${config.S3_REGION}.amazonaws.com`;
}

/**
 * A client for those settings. Its callers name objects by their own keys (a file's key, a tus
 * upload's id); the client adds the prefix on the way out and removes it from what comes back,
 * and confines listings to the prefix (the tus store's sweep of expired uploads among them).
 */
export function createS3Client(settings: S3Settings): S3 {
  const client = new S3({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? Boolean(settings.endpoint),
    // Checksums only where S3 requires them: the SDK's default sends every streamed upload
    // aws-chunked with a trailing CRC, which S3-compatible services that do not decode it store
    // as part of the object (found with s3rver by the cluster test).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
  if (settings.prefix) prefixKeys(client, settings.prefix);
  return client;
}

type Fields = Record<string, unknown>;

/** The answers' lists of objects, whose keys lose the prefix. */
const OBJECT_LISTS = ['Contents', 'Uploads', 'Deleted', 'Errors'];

function prefixKeys(client: S3, prefix: string): void {
  const add = (key: unknown) => (typeof key === 'string' ? `${prefix}${key}` : key);
  const strip = (key: unknown) =>
    typeof key === 'string' && key.startsWith(prefix) ? key.slice(prefix.length) : key;
  const withKey = (object: Fields, change: (key: unknown) => unknown) =>
    'Key' in object ? { ...object, Key: change(object.Key) } : object;

  client.middlewareStack.add(
    (next, context) => async (args) => {
      let input = withKey(args.input as Fields, add);
      const deletion = input.Delete as { Objects?: Fields[] } | undefined;
      if (deletion?.Objects) {
        input = {
          ...input,
          Delete: { ...deletion, Objects: deletion.Objects.map((o) => withKey(o, add)) },
        };
      }
      if (context.commandName?.startsWith('List') && context.commandName !== 'ListPartsCommand') {
        input = {
          ...input,
          Prefix: `${prefix}${(input.Prefix as string | undefined) ?? ''}`,
          ...(typeof input.KeyMarker === 'string' ? { KeyMarker: add(input.KeyMarker) } : {}),
          ...(typeof input.StartAfter === 'string' ? { StartAfter: add(input.StartAfter) } : {}),
        };
      }
      const result = await next({ ...args, input: input as typeof args.input });
      const output = withKey({ ...(result.output as unknown as Fields) }, strip);
      for (const list of OBJECT_LISTS) {
        if (Array.isArray(output[list])) {
          output[list] = (output[list] as Fields[]).map((o) => withKey(o, strip));
        }
      }
      for (const marker of ['Prefix', 'NextKeyMarker', 'KeyMarker', 'StartAfter']) {
        if (typeof output[marker] === 'string') output[marker] = strip(output[marker]);
      }
      return { ...result, output: output as unknown as typeof result.output };
    },
    { step: 'initialize', name: 'keyPrefix' },
  );
}
