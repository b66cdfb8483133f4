import { setTimeout as sleep } from 'node:timers/promises';
import { Redlock, type Lock as HeldLock } from '@sesamecare-oss/redlock';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';
import { GENERIC_ERROR_MESSAGE } from '../../lib/errors.ts';
import { closeRedis, connectRedis } from '../redis/redis-connection.ts';

/**
 * Redis is away, so no upload can be locked: the request is refused at once with 503 and the
 * spec's generic message (decision 038), and tus-js-client tries again after its delays. Before,
 * it waited the whole acquire timeout for a lock and answered 500.
 */
export const LOCKS_UNAVAILABLE = { status_code: 503, body: GENERIC_ERROR_MESSAGE };

interface RedisTusLockerOptions {
  url: string;
  /**
   * How long a lock outlives its holder: it is extended every third of this while held, so a
   * holder whose process is gone blocks its upload for at most this long.
   */
  lockTtlMs?: number;
  /** How long a request waits for a lock before it fails with ERR_LOCK_TIMEOUT (tus's 30 s). */
  acquireTimeoutMs?: number;
  /** The pause between attempts while another request holds the lock. */
  retryDelayMs?: number;
  /** Before every key and channel, so that deployments may share a Redis. */
  prefix?: string;
}

/**
 * The tus server's locks in Redis, so that instances behind a load balancer never write one upload
 * at once. @tus/server's default MemoryLocker only knows the requests of its own process: a
 * client resuming a stalled upload through another instance would append to the same file (or S3
 * multipart upload) as the request still running on the first, and corrupt it.
 *
 * The lock itself is the Redlock algorithm of `@sesamecare-oss/redlock` (a maintained library;
 * we do not write our own), taken with a TTL and extended while held, so a holder whose process
 * dies releases it when the TTL runs out. tus asks a holder to let go when another request wants
 * its upload (the "requestRelease" callback: the holder stops reading and unlocks); across
 * instances that request travels by Redis pub/sub: a waiting request publishes on the upload's
 * channel, and the instance holding the lock calls its holder's callback. Like MemoryLocker, a
 * request that cannot lock within the acquire timeout, or whose request ends (the stop signal),
 * fails with ERRORS.ERR_LOCK_TIMEOUT.
 */
export class RedisTusLocker implements Locker {
  readonly lockTtlMs: number;
  readonly acquireTimeoutMs: number;
  readonly retryDelayMs: number;
  readonly prefix: string;
  readonly redlock: Redlock;
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  /** The locks this instance holds, by upload id, with their requests' release callbacks. */
  private readonly holders = new Map<string, { lock: RedisTusLock; release: RequestRelease }>();
  private readonly subscribed: Promise<unknown>;
  /** Whether the connection failed and has not come back since. */
  private away = false;

  constructor(options: RedisTusLockerOptions) {
    this.lockTtlMs = options.lockTtlMs ?? 10_000;
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.retryDelayMs = options.retryDelayMs ?? 100;
    this.prefix = options.prefix ?? 'tus:';
    this.redis = connectRedis(options.url, { maxRetriesPerRequest: 2 });
    // Pub/sub needs a connection of its own.
    this.subscriber = connectRedis(options.url, { maxRetriesPerRequest: 2 });
    this.redis.on('error', () => (this.away = true));
    this.redis.on('ready', () => (this.away = false));
    // Redlock's scripts SELECT their database; the URL's (redis://host/3) rather than its 0.
    this.redlock = new Redlock([this.redis], {
      db: this.redis.options.db ?? 0,
      retryCount: 0,
    });
    const pattern = `${this.prefix}release:*`;
    this.subscriber.on('pmessage', (_pattern, channel: string) => {
      const holder = this.holders.get(channel.slice(pattern.length - 1));
      if (holder) callSafely(holder.release);
    });
    this.subscribed = this.subscriber.psubscribe(pattern);
    // A failed subscription surfaces in lock(); this keeps it from being an unhandled rejection.
    this.subscribed.catch(() => undefined);
  }

  /** @internal Redis failed and has not answered since. */
  isAway(): boolean {
    return this.away;
  }

  newLock(id: string): Lock {
    return new RedisTusLock(id, this);
  }

  /** Asks whichever instance holds the upload's lock to release it. */
  async requestRelease(id: string): Promise<void> {
    await this.redis.publish(`${this.prefix}release:${id}`, '');
  }

  /** @internal */
  key(id: string): string {
    return `${this.prefix}lock:${id}`;
  }

  /** @internal A lock is held (with its request's callback), or no longer held. */
  track(lock: RedisTusLock, id: string, release: RequestRelease | undefined): void {
    if (release) this.holders.set(id, { lock, release });
    else if (this.holders.get(id)?.lock === lock) this.holders.delete(id);
  }

  /** @internal */
  async ready(): Promise<void> {
    await this.subscribed;
  }

  /**
   * Closes both connections. Locks still held are not released (their requests are gone with the
   * process); they expire after lockTtlMs.
   */
  async close(): Promise<void> {
    for (const { lock } of this.holders.values()) lock.stopExtending();
    this.holders.clear();
    await Promise.all([closeRedis(this.redis), closeRedis(this.subscriber)]);
  }
}

class RedisTusLock implements Lock {
  private held: HeldLock | undefined;
  private extender: NodeJS.Timeout | undefined;

  constructor(
    private readonly id: string,
    private readonly locker: RedisTusLocker,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { locker, id } = this;
    const deadline = Date.now() + locker.acquireTimeoutMs;
    // Ends the wait at the deadline or when the request stops, whichever comes first.
    const waiting = AbortSignal.any([stopSignal, AbortSignal.timeout(locker.acquireTimeoutMs)]);
    if (locker.isAway()) throw LOCKS_UNAVAILABLE;
    // Listening for release requests before holding anything (not forever if Redis is away).
    await Promise.race([locker.ready().catch(() => undefined), aborted(waiting)]);
    for (;;) {
      if (waiting.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      const held = await locker.redlock
        .acquire([locker.key(id)], locker.lockTtlMs)
        .catch(() => undefined);
      if (held) {
        if (waiting.aborted) {
          // Too late: the request has gone (or timed out) while the lock was being taken.
          await held.release().catch(() => undefined);
          throw ERRORS.ERR_LOCK_TIMEOUT;
        }
        this.hold(held, requestRelease);
        return;
      }
      if (locker.isAway()) throw LOCKS_UNAVAILABLE;
      // Held elsewhere (or Redis did not answer): ask the holder to let go, then try again.
      await locker.requestRelease(id).catch(() => undefined);
      await sleep(locker.retryDelayMs, undefined, { signal: waiting }).catch(() => undefined);
    }
  }

  private hold(held: HeldLock, requestRelease: RequestRelease): void {
    const { locker, id } = this;
    this.held = held;
    locker.track(this, id, requestRelease);
    // Extended while held; once it cannot be, exclusivity is lost, so the holder is told to stop.
    this.extender = setInterval(
      () => {
        const current = this.held;
        if (!current) return;
        current.extend(locker.lockTtlMs).then(
          (extended) => {
            if (this.held === current) this.held = extended;
          },
          () => {
            if (this.held !== current) return;
            this.stopExtending();
            callSafely(requestRelease);
          },
        );
      },
      Math.max(1, Math.floor(locker.lockTtlMs / 3)),
    );
    this.extender.unref();
  }

  /** @internal */
  stopExtending(): void {
    clearInterval(this.extender);
    this.extender = undefined;
  }

  async unlock(): Promise<void> {
    const held = this.held;
    if (!held) throw new Error('Releasing an unlocked lock!');
    this.stopExtending();
    this.held = undefined;
    this.locker.track(this, this.id, undefined);
    // A release that fails leaves the key to expire after its TTL; the request is done either way.
    await held.release().catch(() => undefined);
  }
}

function callSafely(release: RequestRelease): void {
  void Promise.resolve()
    .then(release)
    .catch(() => undefined);
}

/** Resolves when the signal aborts (at once when it has). */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
