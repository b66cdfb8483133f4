import { z } from 'zod';
import { booleanFlag } from './setting-fields.ts';

/**
 * Files: where they are kept, how large they may be, the video host and the processing of
 * recordings and certificates; read by env.ts's schema.
 */
export const fileSettings = {
  /** Where uploaded files are kept: 'disk' (under DATA_DIR/files) or an S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** For S3-compatible services other than AWS (MinIO, R2, …); implies path-style URLs. */
  S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().default(''),
  /**
   * The bucket's address as browsers reach it, when not S3_ENDPOINT (a MinIO behind its own
   * public name): downloads are pre-signed links to it.
   */
  S3_PUBLIC_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  /** The largest profile picture accepted, in megabytes. */
  PICTURE_MAX_MB: z.coerce.number().min(1).max(100).default(15),
  /** The largest video or audio file of an entry, in megabytes (sent over tus). */
  VIDEO_MAX_MB: z.coerce.number().min(1).max(20_480).default(4096),
  /** The largest image or document of an entry, in megabytes. */
  DOCUMENT_MAX_MB: z.coerce.number().min(1).max(500).default(25),
  /** Seconds without progress before the uploads portal says an upload has stalled. */
  UPLOAD_STALL_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  /** Minutes after an entry's deadline that a video begun before it may still finish arriving. */
  UPLOAD_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(120),
  /** Hours an unfinished tus upload is kept before it expires and its bytes are removed. */
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(48),
  /**
   * Bunny Stream, the spec's video host: with both set, videos go to Bunny (its tus endpoint,
   * collections and embed player); otherwise to our own tus endpoint and storage.
   */
  BUNNY_LIBRARY_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  BUNNY_ACCESS_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  BUNNY_API_URL: z.url().default('https://video.bunnycdn.com'),
  BUNNY_EMBED_URL: z.url().default('https://iframe.mediadelivery.net/embed'),
  /**
   * The library's embed view token authentication key (Bunny: Security, Token authentication):
   * signs the public gala page's embed links so they expire (decision 026). Fail closed: without
   * it, Bunny-hosted videos are left out of the public showcase.
   */
  BUNNY_EMBED_TOKEN_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /**
   * The library's pull zone host (vz-….b-cdn.net): where Bunny keeps a video's thumbnail, shown
   * as the poster in the uploads portal. Without it the portal shows no poster for Bunny videos.
   */
  BUNNY_CDN_HOSTNAME: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[a-z0-9.-]+$/i)
      .optional(),
  ),
  /**
   * Debian's ffmpeg and ffprobe (decision 025), by name on PATH or a full path. Without them
   * recordings are kept as uploaded and marked 'unchecked'.
   */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  /**
   * Lets a production server run without ffmpeg: recordings are then kept as uploaded, with
   * their metadata, and adjudicators get them so (decision 025). Off by default: a production
   * server without ffmpeg refuses to start unless Bunny Stream processes the videos.
   */
  ALLOW_UNCHECKED_RECORDINGS: booleanFlag,
  /**
   * Certificates made at once by each instance that works background jobs (decision 039): each
   * is a PDF made on the event loop that also answers families on an 'all' instance.
   */
  CERTIFICATE_WORKERS: z.coerce.number().int().min(1).max(8).default(2),
  /** Files processed at once by each instance (ffmpeg uses every core for one). */
  MEDIA_WORKERS: z.coerce.number().int().min(1).max(8).default(1),
};
