import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import path from 'node:path';
import { createSignedLinks } from './lib/signed-links.ts';
import { createTokenService, type TokenService } from './lib/tokens.ts';
import { contestantsRoutes } from './modules/contestants/contestants.routes.ts';
import {
  createContestantsService,
  type ContestantsService,
} from './modules/contestants/contestants.service.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { adjudicationRoutes } from './modules/adjudication/adjudication.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import {
  createPaymentsService,
  type PaymentsService,
} from './modules/payments/payments.service.ts';
import { createOrdersService, type OrdersService } from './modules/orders/orders.service.ts';
import { pictureUploadsRoutes } from './modules/files/picture-uploads.routes.ts';
import { createHmac } from 'node:crypto';
import { publishedOrderItemIds } from './modules/adjudication/entries.repository.ts';
import { entriesRoutes } from './modules/uploads/entries.routes.ts';
import { createEntriesService, type EntriesService } from './modules/uploads/entries.service.ts';
import { entryFilesRoutes } from './modules/uploads/entry-files.routes.ts';
import { mediaRoutes } from './modules/uploads/media.routes.ts';
import { createMediaLinks } from './modules/uploads/media-links.ts';
import { createTusServer, TUS_PATH, type TusUploads } from './modules/uploads/tus-server.ts';
import { tusRoutes } from './modules/uploads/tus.routes.ts';
import type { SignedLinks } from './lib/signed-links.ts';
import { createBunnyVideoHost } from './providers/video/bunny-video-host.ts';
import { createBuiltinVideoHost, type VideoHost } from './providers/video/video-host.ts';
import { createPicturesService, type PicturesService } from './modules/files/pictures.service.ts';
import { createDiskStorage } from './providers/storage/disk-storage.ts';
import type { FileStorage } from './providers/storage/file-storage.ts';
import { createS3Storage } from './providers/storage/s3-storage.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import {
  createAccountsService,
  type AccountsService,
} from './modules/accounts/accounts.service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { devOutboxRoutes } from './modules/outbox/dev-outbox.routes.ts';
import {
  createOutbox,
  type Outbox,
  type OutboxTransports,
} from './modules/outbox/outbox.service.ts';
import { createSmtpTransport } from './providers/mail/mail-transport.ts';
import { createMemoryRateLimiter, type RateLimiter } from './providers/rate-limit/rate-limiter.ts';
import { createRedisRateLimiter } from './providers/rate-limit/redis-rate-limiter.ts';
import { createWhatsAppCloudTransport } from './providers/whatsapp/whatsapp-transport.ts';
import {
  createCatalogueService,
  type CatalogueService,
} from './modules/catalogue/catalogue.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { registerAccess } from './plugins/access.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    catalogue: CatalogueService;
    tokens: TokenService;
    outbox: Outbox;
    accounts: AccountsService;
    storage: FileStorage;
    pictures: PicturesService;
    contestants: ContestantsService;
    orders: OrdersService;
    payments: PaymentsService;
    rateLimiter: RateLimiter;
    entries: EntriesService;
    videoHost: VideoHost;
    /** Where finished tus uploads are read from (the tus store's folder or bucket). */
    videoFiles: FileStorage;
    /** Links to entry files that carry their own permission (lib/signed-links.ts). */
    signedLinks: SignedLinks;
    /** Our own tus endpoint's server and store (swept hourly for expired uploads). */
    tusUploads: TusUploads;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Signs tokens and pin hashes (lib/auth-secret.ts finds or makes one). */
  authSecret: string;
  /** The clock, replaceable in tests. */
  now?: () => number;
  /** Replace the configured mail and WhatsApp transports (tests). */
  transports?: OutboxTransports;
  rateLimiter?: RateLimiter;
  storage?: FileStorage;
  /** Replace the configured video host (tests). */
  videoHost?: VideoHost;
}

/** Bunny Stream when its library and key are configured; our own tus endpoint otherwise. */
function videoHostFrom(config: Config, authSecret: string): VideoHost {
  if (config.BUNNY_LIBRARY_ID && config.BUNNY_ACCESS_KEY) {
    return createBunnyVideoHost({
      libraryId: config.BUNNY_LIBRARY_ID,
      accessKey: config.BUNNY_ACCESS_KEY,
      apiUrl: config.BUNNY_API_URL,
      embedUrl: config.BUNNY_EMBED_URL,
    });
  }
  return createBuiltinVideoHost({
    libraryId: 'local',
    // A key of its own, derived from the server secret, so it can be rotated with it.
    signingKey: createHmac('sha256', authSecret).update('video-upload-signing-key').digest('hex'),
    tusPath: TUS_PATH,
  });
}

/** The tus store's files, readable like any other storage (for playback and checks). */
function videoFilesFrom(config: Config): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    return createS3Storage({
      bucket: config.S3_BUCKET ?? '',
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return createDiskStorage(path.join(config.DATA_DIR, 'videos'));
}

function storageFrom(config: Config): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    return createS3Storage({
      bucket: config.S3_BUCKET ?? '',
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      prefix: config.S3_PREFIX,
    });
  }
  return createDiskStorage(path.join(config.DATA_DIR, 'files'));
}

function transportsFrom(config: Config): OutboxTransports {
  return {
    mail: config.SMTP_URL ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM) : undefined,
    whatsapp:
      config.WHATSAPP_ACCESS_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID
        ? createWhatsAppCloudTransport({
            apiUrl: config.WHATSAPP_API_URL,
            accessToken: config.WHATSAPP_ACCESS_TOKEN,
            phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
            templateName: config.WHATSAPP_TEMPLATE_NAME,
            language: config.WHATSAPP_TEMPLATE_LANGUAGE,
          })
        : undefined,
  };
}

/** Builds the whole server: cross-cutting plugins first, then each module's routes. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? Date.now;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization'],
            serializers: {
              // Signed links carry their permission in the query string: keep it out of logs.
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: req.url.split('?')[0],
                remoteAddress: req.ip,
              }),
            },
          },
    // Spec 7: paths vary in casing between screens; all of them reach the same handler.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against their schemas in development and tests, where a drift should
  // fail loudly. In production TypeScript has already checked the shapes, and the check cost a
  // third of the CPU time of a catalogue search (docs/decisions/002-catalogue-in-memory.md).
  app.setSerializerCompiler(
    config.isProduction ? () => (data: unknown) => JSON.stringify(data) : serializerCompiler,
  );
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate(
    'catalogue',
    createCatalogueService(database.db, {
      ttlMs: config.CATALOGUE_CACHE_SECONDS * 1000,
      eventId: config.EVENT_ID,
      now,
    }),
  );
  const tokens = createTokenService(deps.authSecret, now);
  const limiter =
    deps.rateLimiter ??
    (config.REDIS_URL ? createRedisRateLimiter(config.REDIS_URL) : createMemoryRateLimiter(now));
  const transports = deps.transports ?? transportsFrom(config);
  const outbox = createOutbox(database.db, transports, app.log);
  app.decorate('tokens', tokens);
  app.decorate('rateLimiter', limiter);
  app.decorate('outbox', outbox);
  app.decorate(
    'accounts',
    createAccountsService({
      db: database.db,
      tokens,
      limiter,
      outbox,
      pinSecret: deps.authSecret,
      sessionHours: config.SESSION_HOURS,
      now,
    }),
  );
  const storage = deps.storage ?? storageFrom(config);
  const pictures = createPicturesService({
    db: database.db,
    storage,
    links: createSignedLinks(deps.authSecret, 3600, now),
    maxBytes: config.PICTURE_MAX_MB * 1024 * 1024,
    now,
  });
  app.decorate('storage', storage);
  app.decorate('pictures', pictures);
  const contestants = createContestantsService(database.db, pictures, now);
  app.decorate('contestants', contestants);
  const orders = createOrdersService({ db: database.db, catalogue: app.catalogue, contestants });
  app.decorate('orders', orders);
  const signedLinks = createSignedLinks(deps.authSecret, 4 * 3600, now);
  const videoHost = deps.videoHost ?? videoHostFrom(config, deps.authSecret);
  const videoFiles = videoFilesFrom(config);
  const entries = createEntriesService({
    db: database.db,
    catalogue: app.catalogue,
    contestants,
    storage,
    mediaLinks: createMediaLinks(signedLinks, videoHost),
    videoHost,
    documentMaxBytes: config.DOCUMENT_MAX_MB * 1024 * 1024,
    videoMaxBytes: config.VIDEO_MAX_MB * 1024 * 1024,
    uploadGraceMs: config.UPLOAD_GRACE_MINUTES * 60_000,
    now,
    publishedResults: (ids) => publishedOrderItemIds(database.db, ids),
  });
  app.decorate('signedLinks', signedLinks);
  app.decorate('videoHost', videoHost);
  app.decorate('videoFiles', videoFiles);
  app.decorate('entries', entries);
  const tus = createTusServer({
    db: database.db,
    config,
    entries,
    videoHost,
    videoFiles,
    now,
    log: app.log,
  });
  app.decorate('tusUploads', tus);
  app.decorate(
    'payments',
    createPaymentsService({
      db: database.db,
      config,
      secret: deps.authSecret,
      catalogue: app.catalogue,
      orders,
      accounts: app.accounts,
      outbox,
      log: app.log,
      now,
    }),
  );
  // Failed deliveries and payment notifications left unprocessed are retried every 30 s.
  const retry = setInterval(() => {
    outbox.deliverPending().catch((err: unknown) => app.log.error({ err }, 'outbox retry failed'));
    app.payments
      .retryUnprocessed()
      .catch((err: unknown) => app.log.error({ err }, 'payment retry failed'));
  }, 30_000);
  retry.unref();
  // Unfinished uploads past their expiry give their disk space back.
  const sweep = setInterval(() => {
    tus
      .cleanUpExpired()
      .catch((err: unknown) => app.log.error({ err }, 'expired upload clean-up failed'));
  }, 3600_000);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(retry);
    clearInterval(sweep);
    await app.payments.settle();
    await outbox.settle();
    transports.mail?.close();
    if (!deps.rateLimiter) await limiter.close();
  });
  await app.register(cookie);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, config.isProduction);
  // Before any route: every route must declare who may call it (plugins/access.ts).
  registerAccess(app);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(referenceRoutes);
  await app.register(catalogueRoutes);
  await app.register(accountsRoutes);
  await app.register(contestantsRoutes);
  await app.register(ordersRoutes);
  await app.register(paymentsRoutes);
  await app.register(contentRoutes);
  await app.register(documentsRoutes);
  await app.register(supportRoutes);
  await app.register(pictureUploadsRoutes);
  await app.register(filesRoutes);
  await app.register(adjudicationRoutes, { authSecret: deps.authSecret, now });
  await app.register(entriesRoutes);
  await app.register(entryFilesRoutes);
  await app.register(mediaRoutes);
  if (videoHost.kind === 'builtin') await app.register(tusRoutes(tus));
  // Pins readable by anyone who reaches the server: only on a local run (config devTools).
  if (config.devTools) await app.register(devOutboxRoutes);

  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
