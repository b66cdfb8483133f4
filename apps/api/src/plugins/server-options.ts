import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from '../config/env.ts';
import { logSafeError } from '../lib/log-safe-error.ts';
import { refusedScrape } from './metrics.ts';

/** Where a refused scrape is routed: an address with no route (see refusedScrape). */
const NO_ROUTE = '/metrics/refused';

/**
 * A request id a client or a proxy sent that we keep: at most 64 characters, of letters, digits and . _ : -
 * (a UUID, a load balancer's trace id). Anything else is replaced, never echoed.
 */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Names a request: the id its proxy or client gave, when well formed, so a family's report and
 * the load balancer's log meet; otherwise a random UUID, unique across every instance (Fastify's
 * default counts per process, and two instances logged the same ids).
 */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Where log lines go instead of stdout (tests read them): pino's destination stream. */
export interface LogStream {
  write(line: string): void;
}

/** Fastify's own options: logging without secrets, the spec's routing, proxies, body size. */
export function serverOptions(config: Config, logStream?: LogStream): FastifyServerOptions {
  const refused = refusedScrape(config.METRICS_TOKEN);
  return {
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(logStream ? { stream: logStream } : {}),
            redact: ['req.headers.authorization'],
            serializers: {
              // Signed links carry their permission in the query string: keep it out of logs.
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                // A parent's invitation token is its permission (decision 063): kept out too.
                url: req.url
                  .split('?')[0]
                  ?.replace(/(\/(?:parentinvitations|invitation)\/)[^/]+/i, '$1…'),
                remoteAddress: req.ip,
              }),
              // A failed query's parameters and PostgreSQL's detail hold personal data.
              err: (err: unknown) => logSafeError(err),
              cause: (err: unknown) => logSafeError(err),
            },
          },
    // Spec 7: paths vary in casing between screens; all of them reach the same handler.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    logController: new OneLinePerRequest(),
    requestIdHeader: false,
    genReqId: requestIdOf,
    rewriteUrl: (req) => (refused(req) ? NO_ROUTE : (req.url ?? '/')),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Start-up hooks wait on what the server needs (ffmpeg's own check allows 10 s, pg-boss its
    // schema): on a loaded machine Fastify's default 10 s ended a healthy start.
    pluginTimeout: 60_000,
  };
}

/**
 * One JSON line per request, once it is answered (Fastify writes two: on arrival and on
 * completion): its id (unique across instances), method, address without the query, route
 * pattern, status and time taken. A route's own log level applies (health checks log at warn,
 * so the balancer's probes write nothing); Fastify's other request logs are kept.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      req: request,
      route: request.is404 ? undefined : request.routeOptions.url,
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request completed');
  }
}
