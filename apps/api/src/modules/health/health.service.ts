import type { healthApi, AnswerOf } from '@eisteddfod/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { closeRedis, connectRedis } from '../../providers/redis/redis-connection.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';

type ReadyReport = AnswerOf<typeof healthApi.ready>;
type DependencyCheck = ReadyReport['checks'][number];

/** How long one dependency may take to answer before the probe calls it down. */
const CHECK_TIMEOUT_MS = 2000;

interface Dependency {
  name: DependencyCheck['name'];
  kind: string;
  /** Resolves when the dependency answers; told by `signal` when the probe stops waiting. */
  check(signal: AbortSignal): Promise<unknown>;
}

/**
 * Readiness: every dependency this instance needs (the database; Redis when REDIS_URL is set; the
 * file storage, disk or S3), each checked at once and given CHECK_TIMEOUT_MS, so that a hung
 * dependency makes the probe answer 503 rather than hang with it.
 */
export function createHealthService(deps: {
  database: DatabaseHandle;
  storage: FileStorage;
  redisUrl?: string | undefined;
  /** Told which dependency failed and why (the answer itself names it only). */
  onFailure: (name: DependencyCheck['name'], err: unknown) => void;
  timeoutMs?: number;
}) {
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

  const dependencies: Dependency[] = [
    {
      name: 'database',
      kind: deps.database.kind,
      check: () => deps.database.ping(),
    },
    ...(redis ? [{ name: 'redis' as const, kind: 'redis', check: () => redis.ping() }] : []),
    {
      name: 'storage',
      kind: deps.storage.kind,
      check: (signal: AbortSignal) => deps.storage.check(signal),
    },
  ];

  async function run(dependency: Dependency): Promise<DependencyCheck> {
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
      deps.onFailure(dependency.name, err);
    } finally {
      clearTimeout(timer);
    }
    const latencyMs = Math.round(performance.now() - started);
    return { name: dependency.name, kind: dependency.kind, state, latencyMs };
  }

  return {
    /** Each dependency's state and latency; `ready` only when every one of them is up. */
    async ready(): Promise<ReadyReport> {
      const checks = await Promise.all(dependencies.map(run));
      return {
        status: checks.every((c) => c.state === 'ok') ? 'ready' : 'unavailable',
        database: deps.database.kind,
        checks,
      };
    },
    async close(): Promise<void> {
      if (redis) await closeRedis(redis);
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
