import type { FastifyInstance } from 'fastify';
import type { Counter, Histogram } from 'prom-client';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Config } from '../config/env.ts';
import { METRIC_PREFIX } from './metrics.ts';
import { readReport, registerQueueFigures, SCHEMA, type JobsReport } from './jobs.report.ts';

export { forOrganisers } from './jobs.report.ts';

/**
 * Every piece of background work, as a job on pg-boss (decision 012): the queue lives in the
 * application's own database (schema `pgboss`), on PostgreSQL and on the embedded PGlite alike,
 * so instances share it with no other part and a job survives the process that sent it. A job
 * that throws is retried with exponential back-off; once its retries are spent it stays
 * 'failed', and the organiser sees it (GET /api/Staff/Jobs). Closing the server stops taking
 * jobs and waits for the running ones.
 *
 * Never send a job inside a database transaction: on PGlite the queue shares the one embedded
 * connection, which the transaction holds, so the send would wait for itself.
 */
export interface Jobs {
  /**
   * Declares a queue and the work each of its jobs does. `stopping` aborts when the server starts
   * to close: long work hands its job back then rather than being cut off after the 8 s of grace.
   */
  define<T extends object>(
    name: string,
    work: (data: T, stopping: AbortSignal) => Promise<unknown>,
    settings: QueueSettings,
  ): Promise<void>;
  /**
   * Runs `work` on a cron schedule (UTC), once per tick whichever instance takes it, never two
   * runs at once; `send(name, {})` runs it now.
   */
  every(name: string, cron: string, work: () => Promise<unknown>, label: string): Promise<void>;
  /** Queues one job; this instance's worker is woken at once. */
  send(name: string, data: object): Promise<void>;
  /**
   * Queues many jobs in one statement. With `onceWithin`, a job whose `key` was queued less than
   * that many seconds ago is not queued again (a sweep that must not pile up retries).
   */
  sendMany(
    name: string,
    data: object[],
    options?: { key: (data: object) => string; onceWithin: number },
  ): Promise<void>;
  /**
   * Resolves once no job of `name` waits or runs, retries waiting for their time aside
   * (tests, and anything that must see a queue's work done).
   */
  settled(name: string): Promise<void>;
  /** Per queue, how many jobs are in each state, and the latest failures with their errors. */
  report(): Promise<JobsReport>;
}

export interface QueueSettings {
  /** What the organiser reads for this queue (GET /api/Staff/Jobs). */
  label: string;
  /** Attempts after the first (default 4, so five in all). */
  retryLimit?: number;
  /** Seconds before the first retry, doubled for each next one (default 30). */
  retryDelay?: number;
  /** A job running longer than this is failed and retried (default 15 minutes). */
  expireInSeconds?: number;
  /** Jobs run at once by this instance (default 1). */
  workers?: number;
  /** The queue's jobs are interchangeable (each does all there is): one waiting is enough. */
  coalesce?: boolean;
  /**
   * A family waits on each of its jobs (a pin, a payment's confirmation): worked on 'web'
   * instances too (INSTANCE_ROLE, decision 039). Every other queue is background work, which
   * 'web' instances leave to the others so that it never takes their families' time.
   */
  waitedOn?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

interface JobsOptions {
  /** How often an idle worker looks for jobs another instance sent (seconds, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** Which queues this instance works (INSTANCE_ROLE): 'web' only those a family waits on. */
  role?: Config['INSTANCE_ROLE'];
}

/** Seconds a job may run, for the figures: a message's batch to a video's rendition. */
const JOB_DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];

/**
 * The queue on the application's database, started under the start-up lock. `markStopped`
 * drops the queue's writes from then on.
 */
async function startQueue(app: FastifyInstance) {
  // A job still running when the queue stops (it waits 8 s) is failed by pg-boss as 'shut
  // down while active' and comes back after its expiry; when its handler ends later, pg-boss
  // records the outcome without awaiting it, by then on a closed database (an unhandled
  // rejection in a CI run). Once stopped, the queue's writes are dropped: the job was handed
  // back already.
  let stopped = false;
  const LATE_WRITE = { rows: [{ count: 0 }] };
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) =>
        stopped ? Promise.resolve(LATE_WRITE) : app.database.executeSql(text, values),
    },
    schema: SCHEMA,
    // Failed jobs stay visible for a month; finished ones are archived after a day.
    archiveCompletedAfterSeconds: 24 * 3600,
    archiveFailedAfterSeconds: 30 * 24 * 3600,
  });
  boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
  // The queue's own schema, its queues and schedules are start-up schema work: made under
  // the one start-up lock, as the migrations are (decision 037). Two instances creating
  // queues at once deadlocked in PostgreSQL (pg-boss adds a partition per queue), and one
  // of them crashed on start.
  const underLock = <T>(work: () => Promise<T>) => app.database.withStartupLock(work);
  await underLock(() => boss.start());
  return {
    boss,
    underLock,
    markStopped: () => {
      stopped = true;
    },
  };
}

type Queue = Awaited<ReturnType<typeof startQueue>>;

interface WorkerContext {
  app: FastifyInstance;
  failures: Counter<'queue'>;
  durations: Histogram<'queue' | 'outcome'>;
  stopping: AbortController;
  wake: (name: string) => void;
}

/** What a worker does with a job of `name`: the work, timed and counted, then a wake-up. */
function handlerOf<T extends object>(
  name: string,
  work: (data: T, stopping: AbortSignal) => Promise<unknown>,
  { app, failures, durations, stopping, wake }: WorkerContext,
) {
  return async ([job]: PgBoss.Job<T>[]) => {
    if (!job) return;
    const timer = durations.startTimer({ queue: name });
    try {
      await work(job.data, stopping.signal);
      timer({ outcome: 'done' });
    } catch (err) {
      timer({ outcome: 'failed' });
      failures.inc({ queue: name });
      app.log.error({ err, job: name, jobId: job.id }, `job ${name} failed`);
      throw err;
    } finally {
      // pg-boss 10's worker otherwise waits out its polling interval after every job,
      // so a backlog drained at one job per worker every 2 s (bench/deadline-night:
      // 2 certificates a second); woken while it runs, it fetches again at once.
      wake(name);
    }
  };
}

/**
 * This instance's workers: `define` declares a queue (its label in `labels`) and starts its
 * workers; `wake` has them fetch at once.
 */
function createWorkers(
  app: FastifyInstance,
  { boss, underLock }: Queue,
  options: JobsOptions,
  labels: Map<string, string>,
  stopping: AbortController,
) {
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  const workerIds = new Map<string, string[]>();
  const worksAll = (options.role ?? 'all') !== 'web';
  const context: WorkerContext = {
    app,
    failures: app.metrics.counter({
      name: `${METRIC_PREFIX}job_failures_total`,
      help: 'Job attempts that failed on this instance, by queue (each retry counts)',
      labelNames: ['queue'],
    }),
    durations: app.metrics.histogram({
      name: `${METRIC_PREFIX}job_duration_seconds`,
      help: 'How long the jobs this instance ran took, by queue and outcome',
      labelNames: ['queue', 'outcome'],
      buckets: JOB_DURATION_BUCKETS,
    }),
    stopping,
    wake: (name: string) => {
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },
  };

  async function define<T extends object>(
    name: string,
    work: (data: T, stopping: AbortSignal) => Promise<unknown>,
    settings: QueueSettings,
  ) {
    labels.set(name, settings.label);
    const queue: PgBoss.Queue = {
      name,
      // 'stately': at most one job waiting and one running.
      policy: settings.coalesce ? 'stately' : 'standard',
      retryLimit: settings.retryLimit ?? 4,
      retryDelay: settings.retryDelay ?? 30,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds ?? 15 * 60,
    };
    // createQueue leaves a queue that exists as it was: a release that changes its settings
    // must update it, or a database keeps the first release's settings for ever.
    await underLock(async () => {
      await boss.createQueue(name, queue);
      await boss.updateQueue(name, queue);
    });
    // A 'web' instance sends background jobs and leaves them to the instances that work them.
    const workers = worksAll || settings.waitedOn ? (settings.workers ?? 1) : 0;
    const ids: string[] = [];
    for (let i = 0; i < workers; i++) {
      ids.push(await boss.work<T>(name, polling, handlerOf(name, work, context)));
    }
    workerIds.set(name, ids);
  }

  return { define, wake: context.wake };
}

/** Resolves once no job of `name` waits or runs, retries waiting for their time aside. */
async function settled(app: FastifyInstance, name: string, wake: (name: string) => void) {
  for (;;) {
    const { rows } = await app.database.executeSql(
      `select count(*)::int as n from ${SCHEMA}.job
        where name = $1 and state in ('created', 'active') and start_after <= now()`,
      [name],
    );
    if ((rows[0] as { n: number }).n === 0) return;
    wake(name);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export default fp<JobsOptions>(
  async (app, options) => {
    const queue = await startQueue(app);
    const { boss, underLock } = queue;
    const labels = new Map<string, string>();
    /** The queues `every` made: checks on a schedule, whose runs are routine, not work done. */
    const scheduled = new Set<string>();
    const stopping = new AbortController();
    const { define, wake } = createWorkers(app, queue, options, labels, stopping);
    registerQueueFigures(app, () => [...labels.keys()]);

    app.decorate<Jobs>('jobs', {
      define: (name, work, settings) => define(name, work, settings),
      async every(name, cron, work, label) {
        // A slow run is never doubled, and a failed one waits for the next tick.
        await define(name, work, { label, retryLimit: 0, coalesce: true });
        scheduled.add(name);
        await underLock(() => boss.schedule(name, cron));
      },
      async send(name, data) {
        await boss.send(name, data);
        wake(name);
      },
      async sendMany(name, data, options) {
        if (data.length === 0) return;
        await boss.insert(
          data.map((d) => ({
            name,
            data: d,
            ...(options
              ? { singletonKey: options.key(d), singletonSeconds: options.onceWithin }
              : {}),
          })),
        );
        wake(name);
      },
      settled: (name) => settled(app, name, wake),
      report: () => readReport(app, labels, scheduled),
    });

    // Before the modules' own onClose hooks: no job starts while they close, and the running
    // ones finish first.
    app.addHook('preClose', async () => {
      // Long work (a recording's processing) hands its job back and ends within the grace.
      stopping.abort();
      // Within Fastify's 10 s for a closing hook (its pluginTimeout): 30 s here made every
      // close with a job still running fail after 10 s, and the database close after it.
      await boss.stop({ graceful: true, wait: true, timeout: 8_000 });
      queue.markStopped();
    });
  },
  { name: 'jobs', dependencies: ['core', 'metrics'] },
);
