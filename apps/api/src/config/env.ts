import path from 'node:path';
import { z } from 'zod';
import { apiRoot } from '../lib/paths.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** A WhatsApp template's name as Meta allows it: lower-case letters, digits and underscores. */
const templateName = z.string().regex(/^[a-z0-9_]{1,512}$/, 'a WhatsApp template name');
/** A payment provider's id ('payfast'), as providers/payment/registry.ts names it. */
const providerName = z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, "a payment provider's name");

/** An smtp:// or smtps:// URL naming a host, as nodemailer needs one. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Every setting the server reads, with its default. Nothing else reads process.env. */
const EnvSchema = z.object({
  /**
   * Production unless a local run says otherwise (docs/decisions/011-fail-closed-defaults.md):
   * 'development' and 'test' switch on the local conveniences (a secret kept under DATA_DIR, the
   * sandbox pay page, the outbox readable at /dev/outbox, links to localhost). `npm start` sets it.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /**
   * The interface to listen on. Production: every interface (behind a load balancer). A local
   * run: loopback ('localhost'), since it hands out pins; another address is the operator's
   * explicit choice, which the start-up banner announces (issue 30).
   */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For): a hop count ('1' for
   * one load balancer) or a comma-separated list of addresses/CIDRs. None by default, so that a
   * client cannot pick the address its rate limits count against.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v): boolean | string[] | ((address: string, hop: number) => boolean) => {
      if (v === '' || v === 'false') return false;
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        return (_address, hop) => hop < hops;
      }
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }),
  /**
   * Where the public site is reached; used in links sent by mail and to payment providers.
   * Required in production; on a local run http://localhost:PORT. Kept without a trailing slash.
   */
  PUBLIC_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  /**
   * The bearer token Prometheus sends to GET /metrics (decision 039), 32+ characters. Without
   * it the endpoint does not exist (404) in every environment: figures of a site's traffic and
   * queues are for its operator only.
   */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  /**
   * What this instance does (decision 039): 'all' serves families and works every job queue;
   * 'web' serves families and works only the queues a family waits on (pins and other
   * messages, payment notifications), leaving certificates, file processing and the sweeps to
   * 'jobs' instances, which work every queue and are kept out of the load balancer.
   */
  INSTANCE_ROLE: z.enum(['all', 'web', 'jobs']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Embedded PGlite files, uploads on disk and other local state live here. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** The event the portal serves; without it the most recent event in the database. */
  EVENT_ID: z.coerce.number().int().positive().optional(),
  /** Seconds a catalogue is served from memory before it is read again. */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * Load the demo catalogue into an empty database at start: on by default for a local run only,
   * so a production site never opens a fictional event to real families by accident.
   */
  SEED_ON_START: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1')),
  /** Seed the demo event with the spec's exact 2025 dates instead of dates shifted to today. */
  SEED_EXACT_DATES: booleanFlag,
  /**
   * Signs login tokens and pin grants (at least 32 characters). Required in production; locally
   * one is made and kept in DATA_DIR/auth-secret.
   */
  AUTH_SECRET: z.string().min(32).optional(),
  /** How long a login lasts. */
  SESSION_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(12),
  /**
   * Redis for what instances must share: rate limits and tus upload locks. Memory when absent,
   * which is right for one instance only (see SINGLE_INSTANCE).
   */
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /**
   * Put before every Redis key and channel (rate limits, upload locks), so that environments can
   * share a Redis: customer ids start at 1 in every database, and staging's counts would spend
   * production's limits.
   */
  REDIS_PREFIX: z.string().default(''),
  /**
   * The operator's word that a production server on PostgreSQL runs as one instance, so that it
   * may keep rate limits and upload locks in memory instead of Redis.
   */
  SINGLE_INSTANCE: booleanFlag,
  /**
   * SMTP server for email, e.g. smtps://user:pass@smtp.example.org:465; outbox only when absent.
   * A malformed one refuses the start (decision 038): it used to start cleanly and fail every
   * email. The message never quotes it: it holds a password.
   */
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine(isSmtpUrl, 'is not an smtp:// or smtps:// URL with a host (its value is not shown)')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Online Eisteddfod <no-reply@eisteddfod.example>'),
  /** Where contact-page questions are forwarded. */
  ORGANISER_EMAIL: z.email().default('organisers@eisteddfod.example'),
  /** WhatsApp Cloud API credentials; outbox only when absent. */
  WHATSAPP_ACCESS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  WHATSAPP_PHONE_NUMBER_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** The approved authentication template with a copy-code button. */
  WHATSAPP_TEMPLATE_NAME: z.string().default('eisteddfod_otp'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().default('en'),
  /** The approved utility template of each reminder (decision 022): {{1}} name, {{2}} event, {{3}} details. */
  WHATSAPP_TEMPLATE_REMINDER_UNPAID_CART: templateName.default('eisteddfod_reminder_unpaid_cart'),
  WHATSAPP_TEMPLATE_REMINDER_NO_MAIN_FILE: templateName.default('eisteddfod_reminder_no_main_file'),
  WHATSAPP_TEMPLATE_REMINDER_NOT_FINALISED: templateName.default(
    'eisteddfod_reminder_not_finalised',
  ),
  WHATSAPP_TEMPLATE_REMINDER_RESULTS: templateName.default('eisteddfod_reminder_results'),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
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
  /**
   * The provider of new orders (decision 055): 'payfast': PayFast (its sandbox or live);
   * 'sandbox': a pay page of our own that moves no money (the local run's default; in production
   * only with ALLOW_SANDBOX_PAYMENTS). Required in production. A name that is no provider
   * (providers/payment/registry.ts) refuses to start.
   */
  PAYMENT_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), providerName.optional()),
  /**
   * Further providers enabled beside PAYMENT_PROVIDER, comma-separated ('payfast,other'): their
   * pages and notifications are served, and an order checked out with one is paid with it.
   */
  PAYMENT_PROVIDERS: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(providerName).default([]),
  ),
  /** Lets a production server take sandbox "payments" (a staging site); never for real entries. */
  ALLOW_SANDBOX_PAYMENTS: booleanFlag,
  PAYFAST_MERCHANT_ID: z.string().optional(),
  PAYFAST_MERCHANT_KEY: z.string().optional(),
  PAYFAST_PASSPHRASE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** https://sandbox.payfast.co.za for testing, https://www.payfast.co.za live. */
  PAYFAST_HOST: z.url().default('https://sandbox.payfast.co.za'),
  /**
   * Staff (issue 9): the account signing in with this email is made an organiser at start (it is
   * created when there is none), so that a new site has someone to invite adjudicators.
   */
  ORGANISER_BOOTSTRAP_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
  /** The built web app; served with a history fallback when the folder exists. */
  WEB_DIST_DIR: z.string().default(path.resolve(apiRoot(), '../web/dist')),
});

type ParsedEnv = z.infer<typeof EnvSchema>;

export type Config = Omit<
  ParsedEnv,
  'HOST' | 'PUBLIC_URL' | 'PAYMENT_PROVIDER' | 'SEED_ON_START'
> & {
  HOST: string;
  PUBLIC_URL: string;
  SEED_ON_START: boolean;
  /** The provider of new orders. */
  PAYMENT_PROVIDER: string;
  /** The providers that take payments, PAYMENT_PROVIDER first (PAYMENT_PROVIDERS after it). */
  paymentProviders: string[];
  isProduction: boolean;
  /** The local run's conveniences (the readable outbox, a secret under DATA_DIR) are on. */
  devTools: boolean;
  /** The sandbox pay page may mark orders paid: never in production unless allowed. */
  sandboxPayments: boolean;
};

export interface ParseOptions {
  /**
   * What the settings are for: 'serve' (the server: every production requirement applies) or
   * 'tool' (a command such as the seed or staff:add, which only opens the database).
   */
  purpose?: 'serve' | 'tool';
}

type Problem = { path: string; message: string };

/**
 * The settings a production server cannot run without. Each is a promise made to families:
 * links that reach the site, money that really moves, and tokens nobody else can sign.
 */
function productionProblems(c: ParsedEnv): Problem[] {
  const problems: Problem[] = [];
  if (c.AUTH_SECRET === undefined) {
    problems.push({ path: 'AUTH_SECRET', message: 'required in production (32+ characters)' });
  }
  if (c.PUBLIC_URL === undefined) {
    problems.push({
      path: 'PUBLIC_URL',
      message: 'required in production: the address families use, for links in messages',
    });
  }
  if (c.PUBLIC_URL !== undefined && !servedSecurely(c.PUBLIC_URL)) {
    problems.push({
      path: 'PUBLIC_URL',
      message:
        "must be https in production: the sign-in cookie is secure, so browsers would drop it over http, and families' links would travel in clear (TLS at the reverse proxy: docs/operations/reverse-proxy.md)",
    });
  }
  const downloads = c.S3_PUBLIC_ENDPOINT ?? c.S3_ENDPOINT;
  if (c.STORAGE_DRIVER === 's3' && downloads && !downloads.startsWith('https://')) {
    problems.push({
      path: c.S3_PUBLIC_ENDPOINT ? 'S3_PUBLIC_ENDPOINT' : 'S3_ENDPOINT',
      message:
        "browsers download files from it with signed links: in production it must be https (set S3_PUBLIC_ENDPOINT to the bucket's public https address)",
    });
  }
  if (c.DATABASE_URL && !c.REDIS_URL && !c.SINGLE_INSTANCE) {
    problems.push({
      path: 'REDIS_URL',
      message:
        'required on PostgreSQL, where several instances may share the database: without it each instance locks uploads and counts rate limits on its own (set SINGLE_INSTANCE=true if exactly one instance runs)',
    });
  }
  // Redis and a bucket are what instances share; naming them says there are several. Without a
  // shared database each would run its own embedded one in its DATA_DIR, in silence: a family
  // registered on one instance would not exist on the next (decision 037).
  const shared = [
    ...(c.REDIS_URL ? ['REDIS_URL'] : []),
    ...(c.STORAGE_DRIVER === 's3' ? ['STORAGE_DRIVER=s3'] : []),
  ];
  if (!c.DATABASE_URL && shared.length > 0 && !c.SINGLE_INSTANCE) {
    problems.push({
      path: 'DATABASE_URL',
      message: `required in production with ${shared.join(' and ')}, which instances share: without it every instance runs its own embedded database and families' data splits between them (set SINGLE_INSTANCE=true if exactly one instance runs)`,
    });
  }
  // A 'web' instance leaves certificates, file processing, deletions and the sweeps to others:
  // alone (one instance, or an embedded database no other process shares) nothing would do them.
  if (c.INSTANCE_ROLE === 'web' && (c.SINGLE_INSTANCE || !c.DATABASE_URL)) {
    problems.push({
      path: 'INSTANCE_ROLE',
      message:
        "'web' needs other instances on the same PostgreSQL (DATABASE_URL) to work the background jobs: alone, certificates, file processing and erasures' deletions would never run",
    });
  }
  if (c.PAYMENT_PROVIDER === undefined) {
    problems.push({ path: 'PAYMENT_PROVIDER', message: "required in production ('payfast')" });
  } else if (enabledProviders(c).includes('sandbox') && !c.ALLOW_SANDBOX_PAYMENTS) {
    problems.push({
      path: c.PAYMENT_PROVIDER === 'sandbox' ? 'PAYMENT_PROVIDER' : 'PAYMENT_PROVIDERS',
      message:
        "'sandbox' marks orders paid with no money moved: in production only with ALLOW_SANDBOX_PAYMENTS=true (a staging site)",
    });
  }
  return problems;
}

/**
 * https, or http on this machine's loopback: browsers treat localhost and 127.0.0.1 as secure
 * (the secure cookie is kept) and nobody else can reach them, which lets a production build be
 * measured on one machine (bench/) without a certificate.
 */
function servedSecurely(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return (
    protocol === 'https:' ||
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/** Settings that are wrong together whatever the environment. */
function consistencyProblems(c: ParsedEnv): Problem[] {
  const problems: Problem[] = [];
  if (enabledProviders(c).includes('payfast')) {
    const by =
      c.PAYMENT_PROVIDER === 'payfast'
        ? 'PAYMENT_PROVIDER=payfast'
        : 'payfast in PAYMENT_PROVIDERS';
    for (const name of [
      'PAYFAST_MERCHANT_ID',
      'PAYFAST_MERCHANT_KEY',
      // Without it PayFast's ITN signature can be made by anyone from the public fields.
      'PAYFAST_PASSPHRASE',
    ] as const) {
      if (!c[name]) problems.push({ path: name, message: `required with ${by}` });
    }
  }
  if (c.STORAGE_DRIVER === 's3' && !c.S3_BUCKET) {
    problems.push({ path: 'S3_BUCKET', message: 'required when STORAGE_DRIVER is s3' });
  }
  return problems;
}

/**
 * Reads the settings. Fails closed: with nothing set the server is a production server, and it
 * refuses to start, naming every setting that is missing, rather than run with a convenience
 * that would expose pins or take unpaid orders.
 */
export function parseConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: ParseOptions = {},
): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    throw configError(
      result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  const c = result.data;
  const isProduction = c.NODE_ENV === 'production';
  const problems = [
    ...(isProduction && options.purpose !== 'tool' ? productionProblems(c) : []),
    ...consistencyProblems(c),
  ];
  if (problems.length > 0) throw configError(problems);
  const provider = c.PAYMENT_PROVIDER ?? 'sandbox';
  const sandboxPayments =
    enabledProviders(c).includes('sandbox') && (!isProduction || c.ALLOW_SANDBOX_PAYMENTS);
  return {
    ...c,
    HOST: c.HOST ?? (isProduction ? '0.0.0.0' : 'localhost'),
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    PAYMENT_PROVIDER: provider,
    // The sandbox only where it may mark orders paid (a tool's settings are not checked so).
    paymentProviders: enabledProviders(c).filter((p) => p !== 'sandbox' || sandboxPayments),
    SEED_ON_START: c.SEED_ON_START ?? !isProduction,
    isProduction,
    devTools: !isProduction,
    sandboxPayments,
  };
}

/** The providers that take payments: PAYMENT_PROVIDER (the sandbox unless set), then the others. */
function enabledProviders(c: ParsedEnv): string[] {
  return [...new Set([c.PAYMENT_PROVIDER ?? 'sandbox', ...c.PAYMENT_PROVIDERS])];
}

function configError(problems: Problem[]): Error {
  const lines = problems.map((p) => `${p.path}: ${p.message}`);
  return new Error(
    `Invalid configuration:\n  ${lines.join('\n  ')}\n` +
      'For a local run on embedded defaults use `npm start` (it sets NODE_ENV=development).',
  );
}
