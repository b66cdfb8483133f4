import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import {
  createCatalogueService,
  type CatalogueService,
} from './modules/catalogue/catalogue.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
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
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The clock, replaceable in tests. */
  now?: () => number;
}

/** Builds the whole server: cross-cutting plugins first, then each module's routes. */
export async function buildApp({
  config,
  database,
  now,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization'] },
    // Spec 7: paths vary in casing between screens; all of them reach the same handler.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
    trustProxy: config.isProduction,
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
      ...(now ? { now } : {}),
    }),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, config.isProduction);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(referenceRoutes);
  await app.register(catalogueRoutes);

  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
