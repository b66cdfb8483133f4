import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import { languagesLoaded } from './lib/messages.ts';
import type { DatabaseHandle } from './db/client.ts';
import accounts from './modules/accounts/index.ts';
import adjudication from './modules/adjudication/index.ts';
import audit from './modules/audit/index.ts';
import catalogue from './modules/catalogue/index.ts';
import catalogueEditor from './modules/catalogue-editor/index.ts';
import classEntries from './modules/class-entries/index.ts';
import schoolStatements from './modules/school-statements/index.ts';
import content from './modules/content/index.ts';
import contestants from './modules/contestants/index.ts';
import dashboard from './modules/dashboard/index.ts';
import dataRights from './modules/data-rights/index.ts';
import eventDocuments from './modules/event-documents/index.ts';
import events from './modules/events/index.ts';
import familyDesk from './modules/family-desk/index.ts';
import health from './modules/health/index.ts';
import orders from './modules/orders/index.ts';
import outbox, { type OutboxTransports } from './modules/outbox/index.ts';
import payments from './modules/payments/index.ts';
import paymentLedger from './modules/payment-ledger/index.ts';
import pictures from './modules/pictures/index.ts';
import reference from './modules/reference/index.ts';
import reminders from './modules/reminders/index.ts';
import resultsDay from './modules/results-day/index.ts';
import rubrics from './modules/rubrics/index.ts';
import schools from './modules/schools/index.ts';
import parentInvitations from './modules/parent-invitations/index.ts';
import schoolClasses from './modules/school-classes/index.ts';
import teachers from './modules/teachers/index.ts';
import seasonTasks from './modules/season-tasks/index.ts';
import signIns from './modules/sign-ins/index.ts';
import siteContent from './modules/site-content/index.ts';
import staffMembers from './modules/staff-members/index.ts';
import support from './modules/support/index.ts';
import uploads from './modules/uploads/index.ts';
import { registerAccess } from './plugins/access.ts';
import core from './plugins/core.ts';
import { requireEndpointDefinitions } from './plugins/endpoints.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import rateLimiter from './plugins/rate-limiter.ts';
import changes from './plugins/changes.ts';
import { registerClientNetwork } from './plugins/client-network.ts';
import { registerReaderLocale } from './plugins/reader-locale.ts';
import jobs from './plugins/jobs.ts';
import mediaTools from './plugins/media-tools.ts';
import metrics from './plugins/metrics.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { serverOptions, type LogStream } from './plugins/server-options.ts';
import { responseSerializerCompiler } from './plugins/serializer.ts';
import storage from './plugins/storage.ts';
import videoHost from './plugins/video-host.ts';
import { registerWebApp } from './plugins/web-app.ts';
import type { RateLimiter } from './providers/rate-limit/rate-limiter.ts';
import type { FileStorage } from './providers/storage/file-storage.ts';
import type { VideoHost } from './providers/video/video-host.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Signs tokens and pin hashes (lib/auth-secret.ts finds or makes one). */
  authSecret: string;
  /** The clock, replaceable in tests. */
  now?: () => number;
  /** Where log lines go instead of stdout: tests read what the logs would keep. */
  logStream?: LogStream;
  /**
   * Moves that clock: a server with NODE_ENV=test gets POST /api/dev/clock for browser journeys
   * (decision 026); ignored in any other environment.
   */
  setNow?: (ms: number) => void;
  /** Tests replace the configured transports, limiter, storage or video host. */
  transports?: OutboxTransports;
  rateLimiter?: RateLimiter;
  storage?: FileStorage;
  videoHost?: VideoHost;
}

/**
 * The whole server, as a table of contents: the cross-cutting plugins, the shared parts, then
 * one plugin per module (modules/<module>/<module>.module.ts), each decorating its service and
 * registering its routes after the plugins it names as dependencies (decision 010).
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  // Every language's words are in before the first message is written (decision 069).
  await languagesLoaded();
  const app = Fastify(serverOptions(config, deps.logStream)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Every environment sends what the handler returned; outside production it must match its
  // schema exactly, undeclared keys included (plugins/serializer.ts, decision 002).
  app.setSerializerCompiler(responseSerializerCompiler(config.isProduction));

  // Cross-cutting, before any route: errors, headers, who may call what, the API contract.
  await app.register(cookie);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  registerAccess(app);
  registerClientNetwork(app);
  registerReaderLocale(app);
  requireEndpointDefinitions(app);
  await registerOpenApi(app, { listStaffCalls: config.devTools });

  // Shared parts (plugins/): settings, database, clock, secrets, the operator's figures (before
  // every route they count), jobs, change notices, files, limits, videos and the tools that
  // process them.
  const now = deps.now ?? Date.now;
  await app.register(core, { config, database: deps.database, authSecret: deps.authSecret, now });
  await app.register(metrics);
  await app.register(jobs, { role: config.INSTANCE_ROLE });
  await app.register(changes);
  await app.register(storage, { storage: deps.storage });
  await app.register(rateLimiter, { rateLimiter: deps.rateLimiter });
  await app.register(videoHost, { videoHost: deps.videoHost });
  await app.register(mediaTools);

  // Modules (modules/), each after the ones it depends on.
  await app.register(health);
  await app.register(catalogue);
  await app.register(events);
  await app.register(catalogueEditor);
  await app.register(rubrics);
  await app.register(audit);
  await app.register(siteContent);
  await app.register(schools);
  await app.register(schoolClasses);
  await app.register(teachers);
  await app.register(reference);
  await app.register(content);
  await app.register(eventDocuments);
  await app.register(outbox, { transports: deps.transports });
  await app.register(support);
  await app.register(signIns);
  await app.register(accounts);
  await app.register(pictures);
  await app.register(contestants);
  await app.register(uploads);
  await app.register(orders);
  await app.register(classEntries);
  await app.register(parentInvitations);
  await app.register(payments);
  await app.register(paymentLedger);
  await app.register(schoolStatements);
  await app.register(adjudication);
  await app.register(resultsDay, { setNow: deps.setNow });
  await app.register(staffMembers);
  await app.register(familyDesk);
  await app.register(reminders);
  await app.register(dashboard);
  await app.register(dataRights);
  await app.register(seasonTasks);

  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
