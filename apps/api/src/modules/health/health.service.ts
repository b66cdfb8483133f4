import type { healthApi, AnswerOf } from '@eisteddfod/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { closeRedis, connectRedis } from '../../providers/redis/redis-connection.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';

type ReadyReport = AnswerOf<typeof healthApi.ready>;
type DependencyCheck = ReadyReport['checks'][number];

/** How long one dependency may take to answer before the probe calls it down. */
const CHECK_TIMEOUT_MS = 2000;
/**
 * How long one round of checks answers every probe: a flood of /readyz (it is public) then costs
 * one database ping, one Redis PING and one HeadBucket per instance every two seconds.
 */
const REUSE_MS = 2000;

interface Dependency {
  name: DependencyCheck['name'];
  kind: string;
  /** What is lost while it is down, for whoever reads the probe (decision 038). */
  impact: string;
  /** Resolves when the dependency answers; told by `signal` when the probe stops waiting. */
  check(signal: AbortSignal): Promise<unknown>;
}

/**
 * Readiness: every dependency this instance needs (the database; Redis when REDIS_URL is set; the
 * file storage, disk or S3), each checked at once and given CHECK_TIMEOUT_MS, so that a hung
 * dependency is reported down rather than hanging the probe. Only the database decides
 * readiness; the others, shared by every instance, make it `degraded`.
 */
export interface HealthDependencies {
  database: DatabaseHandle;
  storage: FileStorage;
  redisUrl?: string | undefined;
  /** Whether ffmpeg answers, when this instance processes recordings (decision 025). */
  ffmpeg?: (() => Promise<boolean>) | undefined;
  /** Told which dependency failed and why (the answer itself names it only). */
  onFailure: (name: DependencyCheck['name'], err: unknown) => void;
  timeoutMs?: number;
  reuseMs?: number;
}

/** What this instance depends on, each with what fails while it is down. */
function dependenciesOf(
  deps: HealthDependencies,
  redis: ReturnType<typeof connectRedis> | undefined,
): Dependency[] {
  return [
    {
      name: 'database',
      kind: deps.database.kind,
      impact: 'nothing can be served: this instance is out of service',
      check: () => deps.database.ping(),
    },
    ...(redis
      ? [
          {
            name: 'redis' as const,
            kind: 'redis',
            impact:
              'video uploads answer 503 and the uploader retries; sign-in, registration and the other rate limits are counted by each instance alone',
            check: () => redis.ping(),
          },
        ]
      : []),
    {
      name: 'storage',
      kind: deps.storage.kind,
      impact:
        'files can be neither stored nor served; entry files wait to be processed, without spending their attempts, and are processed once it is back',
      check: (signal: AbortSignal) => deps.storage.check(signal),
    },
    // Without it recordings are kept unchecked: the site works, degraded (decision 025).
    ...(deps.ffmpeg
      ? [
          {
            name: 'ffmpeg' as const,
            kind: 'ffmpeg',
            impact: 'recordings are kept as uploaded, unchecked and not made playable',
            check: async () => {
              if (!(await deps.ffmpeg?.())) throw new Error('ffmpeg was not found');
            },
          },
        ]
      : []),
  ];
}

/** Checks one dependency within `timeoutMs`: its state and how long it took to answer. */
async function run(
  dependency: Dependency,
  timeoutMs: number,
  onFailure: HealthDependencies['onFailure'],
): Promise<DependencyCheck> {
  const started = performance.now();
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      stop.abort();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  let state: DependencyCheck['state'] = 'ok';
  try {
    await Promise.race([dependency.check(stop.signal), timedOut]);
  } catch (err) {
    state = 'down';
    onFailure(dependency.name, err);
  } finally {
    clearTimeout(timer);
  }
  const latencyMs = Math.round(performance.now() - started);
  return {
    name: dependency.name,
    kind: dependency.kind,
    state,
    latencyMs,
    ...(state === 'down' ? { impact: dependency.impact } : {}),
  };
}

export function createHealthService(deps: HealthDependencies) {
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;
  // A connection of the probe's own, made on the first check: it asks whether this instance
  // reaches Redis, whatever the limiter's or the tus locker's connections are doing.
  const redis = deps.redisUrl
    ? connectRedis(deps.redisUrl, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        connectTimeout: timeoutMs,
      })
    : undefined;

  const dependencies = dependenciesOf(deps, redis);

  async function checkAll(): Promise<ReadyReport> {
    const checks = await Promise.all(dependencies.map((d) => run(d, timeoutMs, deps.onFailure)));
    const databaseUp = checks.find((c) => c.name === 'database')?.state === 'ok';
    const allUp = checks.every((c) => c.state === 'ok');
    return {
      status: !databaseUp ? 'unavailable' : allUp ? 'ready' : 'degraded',
      database: deps.database.kind,
      checks,
    };
  }

  let last: { at: number; report: Promise<ReadyReport> } | undefined;
  return {
    /** Checks one more dependency from now on (the outbox's message transports). */
    addDependency(dependency: Dependency): void {
      dependencies.push(dependency);
      last = undefined;
    },
    /** Each dependency's state and latency: one round of checks at a time, kept REUSE_MS. */
    ready(): Promise<ReadyReport> {
      const now = Date.now();
      if (!last || now - last.at > (deps.reuseMs ?? REUSE_MS)) {
        last = { at: now, report: checkAll() };
      }
      return last.report;
    },
    async close(): Promise<void> {
      if (redis) await closeRedis(redis);
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
