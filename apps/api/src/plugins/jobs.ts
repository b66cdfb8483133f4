import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Config } from '../config/env.ts';
import { METRIC_PREFIX } from './metrics.ts';

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

interface JobsReport {
  queues: {
    name: string;
    label: string;
    waiting: number;
    running: number;
    done: number;
    failed: number;
  }[];
  failures: {
    id: string;
    queue: string;
    label: string;
    failedAt: string;
    attempts: number;
    error: string;
  }[];
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

const SCHEMA = 'pgboss';

/**
 * A failed job's error as the organiser reads it: the message only (a stack says nothing to
 * them), and never a database error's text, which quotes the query and its parameters (names,
 * addresses) and is in the server's log for whoever needs it.
 */
export function forOrganisers(message: unknown): string {
  const text = typeof message === 'string' && message ? message : 'Unknown error';
  if (/^Failed query:|\bparams:/.test(text)) return 'A database query failed (see the server log).';
  return text.slice(0, 500);
}

export default fp<JobsOptions>(
  async (app, options) => {
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

    const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
    const workerIds = new Map<string, string[]>();
    const labels = new Map<string, string>();
    const labelOf = (name: string) => labels.get(name) ?? name;
    const worksAll = (options.role ?? 'all') !== 'web';

    const failures = app.metrics.counter({
      name: `${METRIC_PREFIX}job_failures_total`,
      help: 'Job attempts that failed on this instance, by queue (each retry counts)',
      labelNames: ['queue'],
    });
    const durations = app.metrics.histogram({
      name: `${METRIC_PREFIX}job_duration_seconds`,
      help: 'How long the jobs this instance ran took, by queue and outcome',
      labelNames: ['queue', 'outcome'],
      buckets: JOB_DURATION_BUCKETS,
    });
    registerQueueFigures(app, () => [...labels.keys()]);

    const stopping = new AbortController();

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
        ids.push(
          await boss.work<T>(name, polling, async ([job]) => {
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
          }),
        );
      }
      workerIds.set(name, ids);
    }

    const wake = (name: string) => {
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    };

    app.decorate<Jobs>('jobs', {
      define: (name, work, settings) => define(name, work, settings),
      async every(name, cron, work, label) {
        // A slow run is never doubled, and a failed one waits for the next tick.
        await define(name, work, { label, retryLimit: 0, coalesce: true });
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
      async settled(name) {
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
      },
      async report() {
        // The failures first, then the counts: a job only moves on (running, then failed), so
        // counts read after the failures include every failure listed. The other order showed
        // a job in the list as failed and in its queue's counts as still running (a CI flake).
        const failed = await app.database.executeSql(
          `select id, name, completed_on, retry_count, output from ${SCHEMA}.job
            where state = 'failed'
           union all
           select id, name, completed_on, retry_count, output from ${SCHEMA}.archive
            where state = 'failed'
           order by completed_on desc limit 50`,
        );
        const counts = await app.database.executeSql(
          `select name, state, count(*)::int as n from ${SCHEMA}.job group by name, state
           union all
           select name, state, count(*)::int from ${SCHEMA}.archive group by name, state`,
        );
        // Every queue this instance defines, with nothing done yet as well.
        const queues = new Map<string, JobsReport['queues'][number]>(
          [...labels].map(([name, label]) => [
            name,
            { name, label, waiting: 0, running: 0, done: 0, failed: 0 },
          ]),
        );
        for (const row of counts.rows as { name: string; state: string; n: number }[]) {
          // pg-boss's own queues (names starting with __) are not the organiser's concern.
          if (row.name.startsWith('__')) continue;
          const q = queues.get(row.name) ?? {
            name: row.name,
            label: labelOf(row.name),
            waiting: 0,
            running: 0,
            done: 0,
            failed: 0,
          };
          if (row.state === 'created' || row.state === 'retry') q.waiting += row.n;
          else if (row.state === 'active') q.running += row.n;
          else if (row.state === 'completed') q.done += row.n;
          else if (row.state === 'failed') q.failed += row.n;
          queues.set(row.name, q);
        }
        return {
          queues: [...queues.values()].sort((a, b) => a.name.localeCompare(b.name)),
          failures: (
            failed.rows as {
              id: string;
              name: string;
              completed_on: Date | string;
              retry_count: number;
              output: { message?: string } | null;
            }[]
          ).map((r) => ({
            id: r.id,
            queue: r.name,
            label: labelOf(r.name),
            failedAt: new Date(r.completed_on).toISOString(),
            attempts: r.retry_count + 1,
            error: forOrganisers(r.output?.message),
          })),
        };
      },
    });

    // Before the modules' own onClose hooks: no job starts while they close, and the running
    // ones finish first.
    app.addHook('preClose', async () => {
      // Long work (a recording's processing) hands its job back and ends within the grace.
      stopping.abort();
      // Within Fastify's 10 s for a closing hook (its pluginTimeout): 30 s here made every
      // close with a job still running fail after 10 s, and the database close after it.
      await boss.stop({ graceful: true, wait: true, timeout: 8_000 });
      stopped = true;
    });
  },
  { name: 'jobs', dependencies: ['core', 'metrics'] },
);

/**
 * The queues' figures (decision 039), read from the queue's table when Prometheus scrapes: the
 * same on every instance, since the queue is shared (a dashboard takes their max). Waiting
 * counts every job not yet started, retries waiting out their back-off too; the oldest waiting
 * is the job that has been due the longest, how long a family or an organiser has waited.
 */
function registerQueueFigures(app: FastifyInstance, defined: () => string[]): void {
  type Depth = { name: string; waiting: number; running: number; failed: number; oldest: number };
  let reading: Promise<Depth[]> | undefined;
  // One query per scrape for the four figures, whichever asks first.
  const depths = () => {
    reading ??= app.database
      .executeSql(
        `select name,
                count(*) filter (where state in ('created', 'retry'))::int as waiting,
                count(*) filter (where state = 'active')::int as running,
                count(*) filter (where state = 'failed')::int as failed,
                coalesce(extract(epoch from now() - min(start_after)
                  filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8
                  as oldest
           from ${SCHEMA}.job where left(name, 2) <> '__' group by name`,
      )
      .then((r) => {
        const rows = r.rows as Depth[];
        // Every queue this instance defines, with nothing in it as well: a series that exists
        // at 0 draws a line and can carry an alert.
        const empty = defined().filter((name) => !rows.some((row) => row.name === name));
        return [
          ...rows,
          ...empty.map((name) => ({ name, waiting: 0, running: 0, failed: 0, oldest: 0 })),
        ];
      })
      .finally(() => setImmediate(() => (reading = undefined)));
    return reading;
  };
  const figure = (name: string, help: string, of: (d: Depth) => number) =>
    app.metrics.gauge({
      name: `${METRIC_PREFIX}${name}`,
      help,
      labelNames: ['queue'],
      read: async () => (await depths()).map((d) => ({ labels: { queue: d.name }, value: of(d) })),
    });
  figure('jobs_waiting', 'Jobs not started yet, by queue (retries waiting too)', (d) => d.waiting);
  figure('jobs_running', 'Jobs running now on any instance, by queue', (d) => d.running);
  figure('jobs_failed', 'Jobs whose attempts are spent, kept 30 days, by queue', (d) => d.failed);
  figure(
    'jobs_oldest_waiting_seconds',
    'How long the job due the longest has waited for a worker, by queue',
    (d) => d.oldest,
  );
}
