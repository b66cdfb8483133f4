import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type LabelValues,
} from 'prom-client';
import { routeNotFound } from './access.ts';

/**
 * Figures for the operator's Prometheus (decision 039), at GET /metrics with the bearer
 * METRICS_TOKEN: requests per route pattern, the job queues, the outbox, uploads and their
 * processing, the database pool, the event loop and memory. Each shared part and module adds
 * its own figures here when it is registered; figures read from the database are read when
 * Prometheus asks, so they cost nothing between scrapes.
 */
export interface Metrics {
  /**
   * A figure read when Prometheus scrapes: `read` answers one value per set of labels (the
   * labels' values must be few and fixed: names of queues or channels, never a person's data).
   */
  gauge<L extends string>(options: {
    name: string;
    help: string;
    labelNames?: readonly L[];
    read: () => Promise<{ labels?: LabelValues<L>; value: number }[]>;
  }): void;
  /** A count this instance keeps (failures, say). */
  counter<L extends string>(options: {
    name: string;
    help: string;
    labelNames: readonly L[];
  }): Counter<L>;
  /** A distribution this instance keeps (durations, say), in seconds. */
  histogram<L extends string>(options: {
    name: string;
    help: string;
    labelNames: readonly L[];
    buckets: number[];
  }): Histogram<L>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Every figure of ours starts with this; Node's own keep their usual names (nodejs_, process_). */
export const METRIC_PREFIX = 'eisteddfod_';

/** The address Prometheus scrapes. */
const METRICS_PATH = '/metrics';

/** Seconds: fine around the 250 ms a family's request should stay under (issue 31). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a request's figures are filed under when no route matched: one label for them all. */
const UNMATCHED = '(no route)';

/** The token a request carries, compared in constant time (as digests of equal length). */
function tokenCheck(
  token: string | undefined,
): (request: { headers: IncomingHttpHeaders }) => boolean {
  if (!token) return () => false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const expected = digest(token);
  return (request) => {
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}

/**
 * Whether a request is a scrape to refuse: /metrics (in any casing, with a trailing slash, as the
 * router takes it) without the token. Fastify's rewriteUrl routes it to an address with no route
 * before routing, so that it gets the not-found handler's own answer, which is the app's page
 * where the web build is served (a refusal from the route itself was a JSON 404 there, telling
 * a stranger that figures were behind it: the security review of issue 31).
 */
export function refusedScrape(
  token: string | undefined,
): (request: { url?: string; headers: IncomingHttpHeaders }) => boolean {
  const authorised = tokenCheck(token);
  return (request) => {
    const path = (request.url ?? '/').split('?')[0]!.replace(/\/+$/, '').toLowerCase();
    return path === METRICS_PATH && !authorised(request);
  };
}

export default fp(
  async (app) => {
    const registry = new Registry();
    // Event-loop lag (its p50, p90, p99), memory, CPU, garbage collection, handles.
    collectDefaultMetrics({ register: registry });

    const metrics: Metrics = {
      gauge({ name, help, labelNames = [], read }) {
        new Gauge({
          name,
          help,
          labelNames,
          registers: [registry],
          async collect() {
            this.reset();
            try {
              for (const sample of await read()) this.set(sample.labels ?? {}, sample.value);
            } catch (err) {
              // A scrape while the database is down answers the figures that could be read.
              app.log.warn({ err, metric: name }, 'a metric could not be read');
            }
          },
        });
      },
      counter: ({ name, help, labelNames }) =>
        new Counter({ name, help, labelNames, registers: [registry] }),
      histogram: ({ name, help, labelNames, buckets }) =>
        new Histogram({ name, help, labelNames, buckets, registers: [registry] }),
    };
    app.decorate('metrics', metrics);

    // Every request, filed under its route's pattern ('/api/customers/:id'), never its address:
    // an address holds ids and names, and one label value per address would be unbounded.
    const requests = metrics.histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Requests answered, by method, route pattern and status, with their duration',
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS,
    });
    app.addHook('onResponse', async (request, reply) => {
      requests.observe(
        {
          method: request.method,
          route: request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED),
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    registerPoolFigures(app, metrics);

    // Fail closed: without a token the address answers as one with no route, whoever asks, and
    // so does a wrong token (nothing tells a stranger that figures are there).
    const authorised = tokenCheck(app.config.METRICS_TOKEN);
    app.get(
      METRICS_PATH,
      { config: { access: 'public' }, logLevel: 'warn', schema: { hide: true } },
      async (request, reply) => {
        // Refused scrapes never reach here (refusedScrape, below); kept as a second lock.
        if (!authorised(request)) throw routeNotFound();
        const text = await registry.metrics();
        return reply
          .header('content-type', registry.contentType)
          .header('cache-control', 'no-store')
          .send(text);
      },
    );
  },
  { name: 'metrics', dependencies: ['core'] },
);

/** The database pool's figures (none on PGlite): connections busy and idle, the most, waits. */
function registerPoolFigures(app: FastifyInstance, metrics: Metrics): void {
  const pool = app.database.poolUse;
  metrics.gauge({
    name: `${METRIC_PREFIX}db_pool_connections`,
    help: 'Connections of this instance to PostgreSQL, busy or idle (none on PGlite)',
    labelNames: ['state'],
    read: async () => {
      const use = pool();
      if (!use) return [];
      return [
        { labels: { state: 'busy' }, value: use.open - use.idle },
        { labels: { state: 'idle' }, value: use.idle },
      ];
    },
  });
  metrics.gauge({
    name: `${METRIC_PREFIX}db_pool_max_connections`,
    help: 'The most connections this instance opens (DATABASE_POOL_SIZE)',
    read: async () => {
      const use = pool();
      return use ? [{ value: use.max }] : [];
    },
  });
  metrics.gauge({
    name: `${METRIC_PREFIX}db_pool_waiting_queries`,
    help: 'Queries of this instance waiting for a free connection',
    read: async () => {
      const use = pool();
      return use ? [{ value: use.waiting }] : [];
    },
  });
}
